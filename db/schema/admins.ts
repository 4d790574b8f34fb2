import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./timestamps.ts";

import { ROLES } from "./admin-enums.ts";

export const admins = sqliteTable("admins", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  /** scrypt: "scrypt$N$r$p$salt$hash" (see app/platform/security/password.server.ts). */
  passwordHash: text("password_hash").notNull(),
  /** What this member may use (app/staff/permissions.ts); administrators from before roles are owners. */
  role: text("role", { enum: ROLES }).notNull().default("owner"),
  /** A first password the owner chose: until it is changed, only /admin/account works. */
  mustChangePassword: integer("must_change_password", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
});

/** Server-side sessions: the cookie holds only the id, so logout and expiry are real. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    adminId: integer("admin_id")
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("sessions_expires_idx").on(table.expiresAt)],
);

export type Admin = typeof admins.$inferSelect;
