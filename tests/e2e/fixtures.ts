import { test as base, expect } from "@playwright/test";
import path from "node:path";
import { type Db, openDatabase } from "~/lib/db.server.ts";

/**
 * Tests create their data through the models, on the same SQLite file the server under test
 * uses (WAL lets both open it), instead of clicking through set-up screens.
 */
export const test = base.extend<{ javaScriptEnabled: boolean }, { db: Db }>({
  javaScriptEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.name !== "js-off");
  },
  db: [
    async ({}, use) => {
      const db = openDatabase(path.join(process.env.E2E_DATA_DIR!, "shop.db"));
      await use(db);
      db.$client.close();
    },
    { scope: "worker" },
  ],
});

export { expect };
