import fs from "node:fs";
import path from "node:path";
import { type AppLoadContext } from "@remix-run/node";
import { expect, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { admins } from "../../db/schema/index.ts";
import { createShopCookies } from "~/platform/http/cookies.server.ts";
import { startSession } from "~/staff/admin-session.server.ts";
import { currentShop, E2E_ADMIN } from "./fixtures.ts";

/**
 * Signs the page's browser in as the administrator and opens `landOn` (the products page unless
 * told otherwise; `null` opens the Overview, where the login form lands). The session is started by
 * the login's own model (`startSession`: a sessions row, the activity entry, the signed cookie),
 * not through the form: the form costs two page loads and a scrypt hash per test, and its own
 * tests sign in through it (`loginThroughForm`).
 */
export async function loginAsAdmin(page: Page, { landOn = "/admin/products" as string | null } = {}) {
  const { shop, db } = currentShop();
  const admin = db
    .select({
      id: admins.id,
      username: admins.username,
      role: admins.role,
      mustChangePassword: admins.mustChangePassword,
    })
    .from(admins)
    .where(eq(admins.username, E2E_ADMIN.username))
    .get();
  if (!admin) throw new Error(`no administrator named ${E2E_ADMIN.username}`);
  // What startSession reads of a request's context: the database, the signed cookies, the address for the log.
  const context = {
    db,
    cookies: createShopCookies(shop.sessionSecret, { secure: false }),
    clientAddress: "127.0.0.1",
  } as unknown as AppLoadContext;
  const setCookie = await startSession(new Request(shop.baseURL), context, admin);
  const value = /^admin_session=([^;]*)/.exec(setCookie)![1]!;
  await page
    .context()
    .addCookies([{ name: "admin_session", value, url: shop.baseURL, httpOnly: true, sameSite: "Lax" }]);
  await page.goto(landOn ?? "/admin/overview");
}

/**
 * Signs in through the real Admin Login form, which opens the dashboard on its Overview, then
 * goes on to `landOn` (the products page unless told otherwise; `null` stays on the Overview).
 */
export async function loginThroughForm(page: Page, { landOn = "/admin/products" as string | null } = {}) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  if (landOn) await page.goto(landOn);
}

/** A route dialog: a modal with JavaScript, a section of the page without it. */
export function routeDialog(page: Page, title: string, javaScriptEnabled: boolean) {
  return javaScriptEnabled ? page.getByRole("dialog", { name: title }) : page.getByRole("region", { name: title });
}

/** Every stored product image file under the server's DATA_DIR, to see what an action left behind. */
export function storedImageFiles() {
  const dir = path.join(process.env.E2E_DATA_DIR!, "uploads", "products");
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}
