import fs from "node:fs";
import { startProductionServer } from "../../scripts/server-process.ts";
import { SHOP_SERVER_ENV, SHOP_TEMPLATE_DIR } from "./shop-server-env.ts";

/**
 * Seeds the demo catalogue once for the whole run, into a DATA_DIR every worker copies before it
 * starts its own server (tests/e2e/fixtures.ts). Seeding draws each demo product's images with
 * sharp: about 12 CPU-seconds, which every worker (one or more per project) used to pay again. A
 * server started on the copy finds the catalogue loaded and the administrator in place.
 */
export default async function globalSetup() {
  fs.rmSync(SHOP_TEMPLATE_DIR, { recursive: true, force: true });
  const server = await startProductionServer(SHOP_TEMPLATE_DIR, SHOP_SERVER_ENV);
  // A clean stop checkpoints the WAL into shop.db, so the folder is whole to copy.
  await server.stop();
  return () => fs.rmSync(SHOP_TEMPLATE_DIR, { recursive: true, force: true });
}
