import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "../../db/schema/index.ts";
import { loginCookie } from "../support/admin-session.ts";
import { apiClient, jsonBody, png } from "../support/api-client.ts";
import { startTestServer } from "../support/test-server.ts";

/**
 * A really full disk: the server's DATA_DIR on a small tmpfs that the test fills up. Mounting
 * needs root (or CAP_SYS_ADMIN); where it is refused the file is skipped, saying why.
 */
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "shop-full-disk-"));
function mountSmallDisk() {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=48m", "tmpfs", mountPoint], { stdio: "ignore" });
    return true;
  } catch {
    console.warn("disk-full.test.ts skipped: cannot mount a tmpfs here (needs root)");
    fs.rmSync(mountPoint, { recursive: true, force: true });
    return false;
  }
}
const mounted = mountSmallDisk();

describe.skipIf(!mounted)("a full disk under DATA_DIR", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cookie = "";
  const api = apiClient(
    () => server.base,
    () => cookie,
  );
  const filler = path.join(mountPoint, "filler");

  beforeAll(async () => {
    server = await startTestServer({ dataDir: path.join(mountPoint, "data"), env: { MIN_FREE_MB: "8" } });
    cookie = await loginCookie(server.base);
  });
  afterAll(async () => {
    await server?.stop();
    // Lazily: the stopped server may still be closing its files.
    execFileSync("umount", ["-l", mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  /** Takes every free byte, so the next write anywhere on the disk fails with ENOSPC. */
  function fillTheDisk() {
    // An empty WAL must grow for the next write; a used one could be overwritten in place.
    server.db.$client.pragma("wal_checkpoint(TRUNCATE)");
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) fs.appendFileSync(filler, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      }
    }
  }

  const uploadedFiles = () => fs.readdirSync(path.join(server.dataDir, "uploads", "products")).sort();

  it("responds 503 on orders and product saves, says so on /readyz, keeps uploads whole and changes nothing; then recovers", async () => {
    const product = await api.addProduct("Blender", 5);
    const pending = await api.upload({ name: "spare.png", data: await png("#e76f51") });
    const { urls: spareUrls } = (await pending.json()) as { urls: string[] };
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    const stockOf = () =>
      server.db
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, Number(product._id)))
        .get()!.stock;
    const orderCount = () => server.db.select({ n: count() }).from(orders).get()!.n;
    const filesBefore = uploadedFiles();

    fillTheDisk();

    const refused = await api.createOrder(product._id);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("300");
    expect(await refused.json()).toEqual({ error: "The shop cannot save orders right now. Please try again later." });

    const edit = {
      Title: "Blender, renamed",
      price: 20,
      Description: "Open box",
      Category: "Tools",
      size: [],
      image_link: product.image_link,
      quantity: 9,
      isHidden: false,
    };
    const edited = await api.call(`/api/product/edit?id=${product._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody(edit),
    });
    expect(edited.status).toBe(503);
    expect(await edited.json()).toEqual({ error: "The shop cannot save orders right now. Please try again later." });
    const added = await api.call("/api/product/addProduct", {
      method: "POST",
      admin: true,
      ...jsonBody({ ...edit, Title: "Mixer", image_link: spareUrls }),
    });
    expect(added.status).toBe(503);

    const upload = await api.upload({ name: "toaster.png", data: await png("#264653") });
    expect(upload.status).toBe(400);
    expect((await upload.json()).error).toContain("Failed to upload toaster.png: the server has no space left");
    expect(uploadedFiles()).toEqual(filesBefore);

    const notReady = await fetch(`${server.base}/readyz`);
    expect(notReady.status).toBe(503);
    expect(((await notReady.json()) as { status: string; reason: string }).status).toBe("not ready");
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);

    expect(stockOf()).toBe(5);
    expect(orderCount()).toBe(0);
    expect(
      server.db
        .select({ title: products.title })
        .from(products)
        .all()
        .map((row) => row.title),
    ).toEqual(["Blender"]);

    fs.rmSync(filler);

    expect((await api.createOrder(product._id)).status).toBe(201);
    expect(stockOf()).toBe(4);
    expect(orderCount()).toBe(1);
    expect(server.db.$client.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(await (await fetch(`${server.base}/readyz`)).json()).toEqual({ status: "ready" });
  });
});
