import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ADMIN_API_CALLS,
  ADMIN_PAGES,
  AREA_ROLES,
  homePath,
  PUBLIC_API_CALLS,
  ROLES,
  roleMay,
  UNGUARDED_ADMIN_ROUTES,
} from "~/staff/permissions.ts";

/**
 * Every admin page and `/api/` call in app/routes/ is in the permission table, and its file guards
 * with its own entry: a page or call added on another branch cannot reach `main` unguarded.
 */
const ROUTES_DIR = path.join("app", "routes");
const routeFiles = fs.readdirSync(ROUTES_DIR).filter((file) => /\.tsx?$/.test(file));
const source = (file: string) => fs.readFileSync(path.join(ROUTES_DIR, file), "utf8");

/** The route's URL pattern from its flat-routes file name: `admin_.orders.$id.slip.tsx` → `/admin/orders/$id/slip`. */
function urlPattern(file: string) {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/\.(?![^[]*\])/)
    .map((segment) => segment.replace(/_$/, "").replace(/\[\.\]/g, "."))
    .filter((segment) => segment !== "_index");
  return `/${segments.join("/")}`;
}

const adminPageFiles = routeFiles.filter((file) => /^admin[._]/.test(file) || file === "admin.tsx");
const apiFiles = routeFiles.filter((file) => file.startsWith("api.") && file !== "api.$.ts");
const apiCall = (file: string) => urlPattern(file).replace(/^\/api\//, "");

describe("the permission table", () => {
  it("reads route file names as their URLs", () => {
    expect(urlPattern("admin_.orders.$id.slip.tsx")).toBe("/admin/orders/$id/slip");
    expect(urlPattern("admin.orders[.]csv.ts")).toBe("/admin/orders.csv");
    expect(urlPattern("api.admin.account.password.ts")).toBe("/api/admin/account/password");
    expect(adminPageFiles.length).toBeGreaterThan(10);
    expect(apiFiles.length).toBeGreaterThan(20);
  });

  it("covers every admin page in app/routes/, each guarded with its own entry", () => {
    const missing = adminPageFiles.filter(
      (file) => !(file in UNGUARDED_ADMIN_ROUTES) && !(urlPattern(file) in ADMIN_PAGES),
    );
    expect(missing, "admin pages missing from ADMIN_PAGES in app/staff/permissions.ts").toEqual([]);
    const unguarded = adminPageFiles.filter((file) => {
      if (file in UNGUARDED_ADMIN_ROUTES) return false;
      const text = source(file);
      const key = JSON.stringify(urlPattern(file));
      return !new RegExp(`(requireAdmin|adminAction)\\([^;]*${key.replace(/[$.]/g, "\\$&")}`).test(text);
    });
    expect(unguarded, "admin pages that do not call requireAdmin/adminAction with their own entry").toEqual([]);
  });

  it("covers every /api/ call in app/routes/: admin calls guarded with their own entry, the rest listed as public", () => {
    const missing = apiFiles.filter(
      (file) => !(apiCall(file) in ADMIN_API_CALLS) && !(PUBLIC_API_CALLS as readonly string[]).includes(apiCall(file)),
    );
    expect(missing, "/api/ calls in neither ADMIN_API_CALLS nor PUBLIC_API_CALLS").toEqual([]);
    const unguarded = apiFiles.filter((file) => {
      if (!(apiCall(file) in ADMIN_API_CALLS)) return false;
      const key = JSON.stringify(apiCall(file));
      return !new RegExp(`(requireAdminApi\\([^;]*|adminApi\\(|call: )${key}`).test(source(file));
    });
    expect(unguarded, "admin /api/ calls that do not call requireAdminApi/adminApi with their own entry").toEqual([]);
    const both = Object.keys(ADMIN_API_CALLS).filter((call) => (PUBLIC_API_CALLS as readonly string[]).includes(call));
    expect(both).toEqual([]);
  });

  it("gives each role what the contract says, and every role its own account", () => {
    const may = (role: (typeof ROLES)[number]) =>
      Object.entries(ADMIN_API_CALLS)
        .filter(([, area]) => roleMay(role, area))
        .map(([call]) => call)
        .sort();
    expect(may("owner")).toEqual(Object.keys(ADMIN_API_CALLS).sort());
    expect(may("orders")).toEqual(
      [
        "admin/account/password",
        "customer/block",
        "customer/blocked",
        "customer/unblock",
        "order/addNote",
        "order/approveReturn",
        "order/cancelOrder",
        "order/confirmOrder",
        "order/getAllOrders",
        "order/getOrderById",
        "order/markReturned",
        "order/receiveReturn",
        "order/refuseReturn",
        "order/updateOrder",
        "stock-alerts",
      ].sort(),
    );
    expect(may("catalogue")).toEqual(
      [
        "admin/account/password",
        "product/addProduct",
        "product/deletebyID",
        "product/edit",
        "product/getAllProducts",
        "product/import",
        "upload",
      ].sort(),
    );
    for (const role of ROLES) {
      expect(roleMay(role, "account")).toBe(true);
      const home = homePath(role) as keyof typeof ADMIN_PAGES;
      expect(roleMay(role, ADMIN_PAGES[home])).toBe(true);
    }
    for (const area of ["settings", "discounts", "staff", "backups", "overview", "activity"] as const)
      expect(AREA_ROLES[area]).toEqual(["owner"]);
  });
});
