/**
 * The roles an administrator's row may hold. A plain constant that imports nothing, so the table
 * and the permission table (app/staff/permissions.ts, which says what each role may use) share it
 * without the tables knowing the staff domain.
 */
export const ROLES = ["owner", "orders", "catalogue"] as const;
export type Role = (typeof ROLES)[number];
