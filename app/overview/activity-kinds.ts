/** What the activity log records, with the words the Activity page shows for each. */
export const ACTIVITY_KIND_LABELS = {
  "product.added": "Product added",
  "product.edited": "Product edited",
  "product.hidden": "Product hidden",
  "product.unhidden": "Product shown",
  "product.deleted": "Product deleted",
  "product.imported": "Products imported",
  "order.confirmed": "Order confirmed",
  "order.status": "Order status changed",
  "order.canceled": "Order canceled",
  "order.note": "Order note added",
  "order.driverNote": "Note for the driver changed",
  "order.returned": "Order returned",
  "customer.blocked": "Phone blocked",
  "customer.unblocked": "Phone unblocked",
  "settings.changed": "Settings changed",
  "discount.added": "Discount code added",
  "discount.edited": "Discount code edited",
  "discount.off": "Discount code switched off",
  login: "Signed in",
  "login.failed": "Failed sign-in",
  "backup.created": "Backup made",
  "staff.added": "Staff member added",
  "staff.role": "Staff role changed",
  "staff.removed": "Staff member removed",
  "password.changed": "Password changed",
} as const;

export type ActivityKind = keyof typeof ACTIVITY_KIND_LABELS;
export const ACTIVITY_KINDS = Object.keys(ACTIVITY_KIND_LABELS) as ActivityKind[];
