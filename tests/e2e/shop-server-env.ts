import path from "node:path";

export const E2E_ADMIN = { username: "admin", password: "e2e-admin-password" };

/** What every worker's shop server runs with (besides its own PORT, DATA_DIR and SESSION_SECRET). */
export const SHOP_SERVER_ENV = {
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  DEMO_DATA: "on",
  // A write waits this long for another process's lock: short, so the busy checkout test is quick.
  SQLITE_BUSY_TIMEOUT_MS: "1000",
  // The suite places many orders from one address and phone; the brake is tested over HTTP.
  ORDER_PHONE_LIMIT: "0",
  ORDER_RATE_LIMIT: "0",
};

/** The DATA_DIR seeded once per run (tests/e2e/global-setup.ts) that each worker's DATA_DIR starts as. */
export const SHOP_TEMPLATE_DIR = path.resolve("tests/.tmp/e2e-template");
