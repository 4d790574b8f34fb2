import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "~/platform/db/db.server.ts";
import { seedCategories } from "~/seed/seed.server.ts";
import { seedLargeCatalogue } from "../../bench/seed-catalogue.ts";
import { freePort, startProductionServer } from "../../scripts/server-process.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";
import { retainedMemoryMb } from "../support/retained-memory.ts";
import { useTestServer } from "../support/test-server.ts";
import { processResidentMb } from "../../scripts/process-usage.ts";

const server = useTestServer();

/** A page is cached once its gzip copy is made, a moment after its first response. */
const POLL = { timeout: 15_000, interval: 50 };
const get = (target: string, init?: RequestInit) => fetch(server.base + target, init);
const cacheState = async (target: string, init?: RequestInit) => {
  const response = await get(target, init);
  await response.arrayBuffer();
  return response.headers.get("x-page-cache");
};
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe("a shared link's tracking parameters", () => {
  it("answer a cookieless visitor from the cache, with the page of the address without them", async () => {
    const word = uniqueWord("Floodsearch");
    createProduct(server.db, { title: `${word} Kettle` });
    const address = `/shop?search=${word}&sort=price-asc`;
    await expect.poll(() => cacheState(address), POLL).toBe("hit");
    const plain = await (await get(address)).text();

    for (const tracking of ["fbclid=IwAR0a1b2c", "utm_source=instagram&utm_medium=story", "gclid=Cj0KCQ", "ref=wa"]) {
      const shared = await get(`/shop?${tracking}&sort=price-asc&search=${word}`);
      expect(shared.headers.get("x-page-cache")).toBe("hit");
      expect(await shared.text()).toBe(plain);
    }
  });

  it("leave no trace in the page rendered for them, and none in its canonical link", async () => {
    const product = createProduct(server.db, { title: uniqueWord("Floodtrace"), sizes: ["S", "M"] });
    const trace = uniqueWord("trace");
    const response = await get(`/shop/product/${product.id}?size=M&fbclid=${trace}`);
    expect(response.headers.get("x-page-cache")).toBe("miss");
    const html = await response.text();
    expect(html).not.toContain(trace);
    expect(canonical(html)).toBe(`${server.base}/shop/product/${product.id}`);
    // The size it reads is still the page's: the same address without the tracking parameter is cached.
    await expect.poll(() => cacheState(`/shop/product/${product.id}?size=M`), POLL).toBe("hit");
    expect(await cacheState(`/shop/product/${product.id}`)).toBe("miss");
  });

  it("share one render for shoppers with a cookie (the render memo), and reach no loader", async () => {
    const word = uniqueWord("Floodmemo");
    createProduct(server.db, { title: `${word} Fan` });
    const cookie = { headers: { Cookie: "returning=1" } };
    const first = await get(`/shop?search=${word}&fbclid=one`, cookie);
    expect(first.headers.get("x-render-memo")).toBe("miss");
    await first.arrayBuffer();
    const second = await get(`/shop?utm_campaign=two&search=${word}`, cookie);
    expect(second.headers.get("x-render-memo")).toBe("hit");
    expect(await second.text()).toContain(`${word} Fan`);
  });

  it("leave every parameter a page reads, and client navigations' data requests, working", async () => {
    const word = uniqueWord("Floodfilter");
    createProduct(server.db, { title: `${word} Iron` });
    const filtered = await (await get(`/shop?search=${word}&packaging=no-box&fbclid=1`)).text();
    expect(filtered).not.toContain(`${word} Iron`);
    expect(await (await get(`/shop?search=${word}&packaging=open-box&fbclid=1`)).text()).toContain(`${word} Iron`);
    const data = await get(`/shop.data?search=${word}&_routes=routes%2Fshop._index&gclid=2`);
    expect(data.status).toBe(200);
    expect(await data.text()).toContain(`${word} Iron`);
  });
});

const residentMb = processResidentMb;

describe("the process under a flood of new addresses", () => {
  it("stops growing within its bound, and keeps answering cached pages from the cache", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-flood-"));
    const db = openDatabase(path.join(dataDir, "shop.db"));
    migrateDatabase(db);
    seedCategories(db);
    await seedLargeCatalogue(db, 300);
    db.$client.close();
    const inspectorPort = await freePort();
    const shop = await startProductionServer(
      dataDir,
      { DEMO_DATA: "off", CACHE_MEMORY_MB: "8" },
      { nodeArgs: [`--inspect=127.0.0.1:${inspectorPort}`] },
    );
    const at = (target: string) => fetch(shop.base + target, { headers: { "Accept-Encoding": "gzip, br" } });
    const state = async (target: string) => {
      const response = await at(target);
      await response.arrayBuffer();
      return response.headers.get("x-page-cache");
    };
    try {
      await expect.poll(() => state("/shop"), POLL).toBe("hit");
      let n = 0;
      const flood = async (until: number) => {
        const connection = async () => {
          while (n < until) {
            n++;
            // A parameter the listing reads (a new search each time), so no rule folds these into
            // one page: only the bounds hold them.
            const response = await at(`/shop?search=${n % 2 ? "kettle" : "mixer"}+${n}`);
            await response.arrayBuffer();
          }
        };
        await Promise.all(Array.from({ length: 8 }, connection));
      };
      // Warm: V8's compiled code and SQLite's pages, with the kind of page the flood asks for.
      await flood(300);
      const before = residentMb(shop.pid);
      const heldBefore = await retainedMemoryMb(inspectorPort);
      await flood(1_800);
      const heldHalfway = await retainedMemoryMb(inspectorPort);
      await flood(3_300);
      const after = residentMb(shop.pid);
      const heldAfter = await retainedMemoryMb(inspectorPort);
      // Bounded: 8 MB of page caches, the listings cached per catalogue version (a few hundred), the
      // compressor's few pages and what V8 keeps between collections, however many addresses arrive…
      expect(after - before).toBeLessThan(8 + 150);
      // What the process still holds after a collection: the page caches' 8 MB budget and the
      // listings cached per catalogue version (measured: 2.5 MB in all)…
      expect(heldAfter - heldBefore).toBeLessThan(8 + 5);
      // …all of it taken by the first half: the second leaves next to nothing more (measured: under 0.5 MB).
      expect(heldAfter - heldHalfway).toBeLessThan(2);
      // The page asked again all along is still answered from the cache right after.
      await expect.poll(() => state("/shop"), { timeout: 2_000, interval: 20 }).toBe("hit");
      expect(await state("/shop?fbclid=after")).toBe("hit");
    } finally {
      await shop.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
