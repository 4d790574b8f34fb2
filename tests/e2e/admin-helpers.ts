import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./fixtures.ts";

/**
 * Signs in through the real Admin Login form, which opens the dashboard on its Overview, then
 * goes on to `landOn` (the products page unless told otherwise; `null` stays on the Overview).
 */
export async function loginAsAdmin(page: Page, { landOn = "/admin/products" as string | null } = {}) {
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
