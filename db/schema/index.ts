export * from "./admins.ts";
export * from "./categories.ts";
export * from "./meta.ts";
export * from "./orders.ts";
export * from "./products.ts";
export * from "./uploads.ts";
export * from "./overview.ts";
export * from "./activity.ts";
