import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { createShopCookies } from "~/platform/http/cookies.server.ts";
import { migrateDatabase, openDatabase } from "~/platform/db/db.server.ts";
import { LocalDiskStorage } from "~/platform/files/storage.server.ts";
import { createOrderRateLimit } from "~/platform/security/order-rate-limit.server.ts";
import { seedCategories } from "~/seed/seed.server.ts";
import { createProduct, uniqueWord } from "../support/db-factories.ts";

/**
 * The render memo (decision 029) sends a catalogue page rendered before whenever the URL and the
 * loader data are the same, byte for byte. That is correct only while those pages' components
 * read nothing else: no cookie, no header, no clock. This renders each memoised page from the
 * real build twice, with the same loader data but a different visitor (cookies, language, user
 * agent) at a different time (more than a year apart), and requires the same bytes. The memo is
 * off here (the build creates it only under NODE_ENV=production), so both are real renders.
 */
const build = (await import(
  pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href
)) as ServerBuild;
const handle = createRequestHandler(build, "production");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-memo-precondition-"));
const db = openDatabase(":memory:");
migrateDatabase(db);
seedCategories(db);
const product = createProduct(db, { title: uniqueWord("Puremixer"), stock: 4 });
const context = {
  db,
  storage: new LocalDiskStorage(path.join(dataDir, "uploads")),
  cookies: createShopCookies("a-test-secret-of-enough-length-0123456789", { secure: false }),
  backupDir: path.join(dataDir, "backups"),
  uploadsDir: path.join(dataDir, "uploads"),
  orderRateLimit: createOrderRateLimit({ perPhone: 0, perAddress: 0 }),
  cspNonce: "n0nce",
  requestId: "test",
  clientAddress: "127.0.0.1",
  untilClientCatchesUp: () => Promise.resolve(),
  allowInlineScriptsByHash: () => {},
} as AppLoadContext;

afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => {
  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const visitors = [
  {
    at: new Date("2026-03-01T10:00:05Z"),
    headers: { cookie: "visitor=one", "accept-language": "en-GB", "user-agent": "Phone/1.0" },
  },
  {
    at: new Date("2027-12-31T23:59:35Z"),
    headers: { cookie: "visitor=two; theme=dark", "accept-language": "ar-LB", "user-agent": "Desktop/2.0" },
  },
];

async function renderAs(pathname: string, visitor: (typeof visitors)[number]) {
  vi.useFakeTimers({ now: visitor.at, toFake: ["Date"] });
  try {
    const response = await handle(new Request(`http://shop.test${pathname}`, { headers: visitor.headers }), context);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Render-Memo")).toBeNull();
    return response.text();
  } finally {
    vi.useRealTimers();
  }
}

/** The loader data as the page carries it for hydration (the bytes the memo's key is made of). */
const loaderDataOf = (html: string) =>
  [...html.matchAll(/streamController\.enqueue\(([\s\S]*?)\);<\/script>/g)].map((match) => match[1]).join("\n");

/** Where two documents part, with some context, or undefined when they are the same. */
function firstDifference(first: string, second: string) {
  if (first === second) return undefined;
  let at = 0;
  while (first[at] === second[at]) at++;
  return { at, first: first.slice(at - 80, at + 80), second: second.slice(at - 80, at + 80) };
}

describe("a memoised page depends on nothing but its URL and its loader data", () => {
  // The home page's carousel picks change with the clock (its loader data), so it is compared
  // across visitors at one time; the listing and the product page across a year too.
  it.each(["/shop", "/shop?sort=low", `/shop/product/${product.id}`])(
    "%s renders the same bytes for another visitor, another day",
    async (pathname) => {
      const [first, second] = [await renderAs(pathname, visitors[0]!), await renderAs(pathname, visitors[1]!)];
      expect(loaderDataOf(first)).not.toBe("");
      expect(loaderDataOf(second)).toBe(loaderDataOf(first));
      expect(firstDifference(first, second)).toBeUndefined();
    },
  );

  it("/ renders the same bytes for another visitor", async () => {
    const sameTime = { ...visitors[1]!, at: visitors[0]!.at };
    const [first, second] = [await renderAs("/", visitors[0]!), await renderAs("/", sameTime)];
    expect(loaderDataOf(second)).toBe(loaderDataOf(first));
    expect(firstDifference(first, second)).toBeUndefined();
  });
});
