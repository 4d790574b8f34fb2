/**
 * Who may use what: the one permission table of staff roles. Browser-safe,
 * so the dashboard's navigation reads the same table the server's guards do
 * (`requireAdmin`, `requireAdminApi`, `adminAction` in admin-session.server.ts and
 * admin-action.server.ts take a page or call of this table as a required argument).
 * `tests/unit/admin-permissions.test.ts` fails for any admin page or `/api/` call in app/routes/
 * that is missing here.
 */

import { ROLES, type Role } from "../../db/schema/admin-enums.ts";

export { ROLES, type Role };

export const ROLE_LABELS: Record<Role, string> = { owner: "Owner", orders: "Orders", catalogue: "Catalogue" };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including settings, discounts, staff and backups.",
  orders: "The order desk: orders, confirmations, notes, status, returns, slips, the orders CSV, blocked phones.",
  catalogue: "Products, images, the products CSV and import.",
};

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** The parts of the dashboard, each with the roles that may use it. `account` is everyone's. */
export const AREA_ROLES = {
  overview: ["owner"],
  activity: ["owner"],
  settings: ["owner"],
  backups: ["owner"],
  staff: ["owner"],
  discounts: ["owner"],
  orders: ["owner", "orders"],
  customers: ["owner", "orders"],
  stockAlerts: ["owner", "orders"],
  products: ["owner", "catalogue"],
  account: ["owner", "orders", "catalogue"],
} as const satisfies Record<string, readonly Role[]>;

export type Area = keyof typeof AREA_ROLES;

/**
 * Every administrator `/api/` call (the path after `/api/`) and the area it belongs to.
 * Some are built on other branches (returns, blocked phones, discounts, import, settings over
 * the API): they are here already so they are guarded the moment they arrive.
 */
export const ADMIN_API_CALLS = {
  "order/getAllOrders": "orders",
  "order/getOrderById": "orders",
  "order/updateOrder": "orders",
  "order/cancelOrder": "orders",
  "order/confirmOrder": "orders",
  "order/addNote": "orders",
  "order/markReturned": "orders",
  "order/approveReturn": "orders",
  "order/refuseReturn": "orders",
  "order/receiveReturn": "orders",
  "customer/block": "customers",
  "customer/unblock": "customers",
  "customer/blocked": "customers",
  "product/getAllProducts": "products",
  "product/addProduct": "products",
  "product/edit": "products",
  "product/deletebyID": "products",
  "product/import": "products",
  upload: "products",
  "admin/overview": "overview",
  "admin/activity": "activity",
  "admin/settings": "settings",
  "admin/staff": "staff",
  "discount/create": "discounts",
  "discount/list": "discounts",
  "discount/edit": "discounts",
  "admin/account/password": "account",
  "stock-alerts": "stockAlerts",
} as const satisfies Record<string, Area>;

/** The `/api/` calls anyone may use, signed in or not. */
export const PUBLIC_API_CALLS = [
  "product/getProductsByCategories",
  "category/getCategories",
  "product/search",
  "product/getVisible",
  "product/getProductById",
  "order/createOrder",
  "order/requestReturn",
  "settings/delivery",
  "stock-alert",
] as const;

/** Every admin page (and its actions), by its URL pattern as the route file names it. */
export const ADMIN_PAGES = {
  "/admin/overview": "overview",
  "/admin/activity": "activity",
  "/admin/settings": "settings",
  "/admin/backups": "backups",
  "/admin/backups/latest": "backups",
  "/admin/staff": "staff",
  "/admin/discounts": "discounts",
  "/admin/orders": "orders",
  "/admin/orders/$id": "orders",
  "/admin/orders/$id/slip": "orders",
  "/admin/orders/slips": "orders",
  "/admin/orders.csv": "orders",
  "/admin/products": "products",
  "/admin/products/$id/edit": "products",
  "/admin/products.csv": "products",
  "/admin/products/import": "products",
  "/admin/products/import/upload": "products",
  "/admin/account": "account",
  "/admin/stock-alerts": "stockAlerts",
  "/admin/blocked-phones": "customers",
} as const satisfies Record<string, Area>;

/** Admin route files that check no role, and why: the login form, logout, and the frame around the pages. */
export const UNGUARDED_ADMIN_ROUTES = {
  "admin.tsx": "the dashboard's frame: it shows only the links the role may use; each page checks for itself",
  "admin._index.tsx": "the login form",
  "admin.logout.tsx": "logout ends whatever session the browser has",
} as const;

export type AdminApiCall = keyof typeof ADMIN_API_CALLS;
export type AdminPage = keyof typeof ADMIN_PAGES;

export const ROLE_REFUSED = "Your role does not allow this.";
export const CHANGE_PASSWORD_FIRST = "Change your password first.";

export function roleMay(role: Role, area: Area): boolean {
  return (AREA_ROLES[area] as readonly Role[]).includes(role);
}

/** Where a role lands after signing in: the first part of the dashboard it may use. */
export function homePath(role: Role): string {
  if (roleMay(role, "overview")) return "/admin/overview";
  if (roleMay(role, "orders")) return "/admin/orders";
  return "/admin/products";
}

/** The dashboard's links, in order; each shown only to the roles its area allows. */
export const DASHBOARD_LINKS: { to: string; label: string; area: Area }[] = [
  { to: "/admin/overview", label: "Overview", area: "overview" },
  { to: "/admin/products", label: "Manage Products", area: "products" },
  { to: "/admin/orders", label: "View Orders", area: "orders" },
  { to: "/admin/stock-alerts", label: "Waiting for stock", area: "stockAlerts" },
  { to: "/admin/blocked-phones", label: "Blocked phones", area: "customers" },
  { to: "/admin/discounts", label: "Discounts", area: "discounts" },
  { to: "/admin/settings", label: "Settings", area: "settings" },
  { to: "/admin/activity", label: "Activity", area: "activity" },
  { to: "/admin/staff", label: "Staff", area: "staff" },
  { to: "/admin/account", label: "My account", area: "account" },
];
