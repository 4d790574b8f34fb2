/**
 * What the activity log records: every kind of change a model writes to it. Browser-safe; the
 * Activity page's words for each are app/overview/activity-kinds.ts.
 */
export const ACTIVITY_KINDS = [
  "product.added",
  "product.edited",
  "product.hidden",
  "product.unhidden",
  "product.deleted",
  "product.imported",
  "order.confirmed",
  "order.status",
  "order.canceled",
  "order.note",
  "order.driverNote",
  "order.returned",
  "order.return-requested",
  "order.return-approved",
  "order.return-refused",
  "order.return-received",
  "customer.blocked",
  "customer.unblocked",
  "settings.changed",
  "discount.added",
  "discount.edited",
  "discount.off",
  "login",
  "login.failed",
  "backup.created",
  "staff.added",
  "staff.role",
  "staff.removed",
  "password.changed",
  "stockAlert.requested",
  "stockAlert.backInStock",
  "stockAlert.done",
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
