import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";

/** Signs in through the real Admin Login form. */
export async function loginAsAdmin(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(E2E_ADMIN.username);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/products/);
}
