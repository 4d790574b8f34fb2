import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { products } from "./products.ts";
import { createdAt } from "./timestamps.ts";

/** The languages a back-in-stock request can be in: the page it was asked from. */
export const STOCK_ALERT_LANGUAGES = ["en", "ar"] as const;

/** A request that waits: stock has not come back for it (no email queued) and no one marked it done. */
const WAITING = sql`notified_at is null and done_at is null`;

/**
 * 'Tell me when it's back': one row per shopper, product and size that waits for stock. The row is
 * also its email's outbox entry: when the stock comes back, the change's transaction sets
 * `notified_at`, and the notice worker sends the email afterwards with the outbox's retries
 * (`email_*`). A phone request waits in the dashboard until someone marks it done.
 */
export const stockAlerts = sqliteTable(
  "stock_alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The size asked for; '' for the whole product (a unique index treats NULLs as all different). */
    size: text("size").notNull().default(""),
    /** One of the two is set. */
    email: text("email"),
    phone: text("phone"),
    /** What makes two requests the same shopper's: the email in lower case, or the phone's E.164 key. */
    contactKey: text("contact_key").notNull(),
    language: text("language", { enum: STOCK_ALERT_LANGUAGES }).notNull().default("en"),
    createdAt: createdAt(),
    /** When the stock came back and the email was queued (email requests only); null while waiting. */
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
    emailSentAt: integer("email_sent_at", { mode: "timestamp_ms" }),
    emailAttempts: integer("email_attempts").notNull().default(0),
    emailNextAttemptAt: integer("email_next_attempt_at", { mode: "timestamp_ms" }),
    emailLastError: text("email_last_error"),
    /** When a staff member marked it done (a phone request answered on WhatsApp), and who. */
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    doneBy: text("done_by"),
  },
  (table) => [
    // Asking again while a request waits makes no second one; once answered, a new ask waits anew.
    uniqueIndex("stock_alerts_waiting_contact_idx").on(table.productId, table.size, table.contactKey).where(WAITING),
    // "Does anyone wait for this product?", asked by every stock change that may bring it back.
    index("stock_alerts_waiting_product_idx").on(table.productId).where(WAITING),
    // The notice worker's question, "which back-in-stock emails are due?".
    index("stock_alerts_email_due_idx")
      .on(table.emailNextAttemptAt)
      .where(sql`notified_at is not null and email_sent_at is null`),
  ],
);

export type StockAlert = typeof stockAlerts.$inferSelect;
