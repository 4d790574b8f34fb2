import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { meta, products, productSizeStock, stockAlerts } from "../../db/schema/index.ts";
import { type Db, type Tx, writeTransaction } from "~/platform/db/db.server.ts";
import { type Actor, recordActivity, SYSTEM_ACTOR } from "~/platform/activity/activity-log.server.ts";
import type { Locale } from "~/i18n/locale.ts";
import { takeStockAlertTry } from "~/platform/security/stock-alert-rate-limit.server.ts";
import { normalisePhone } from "~/utils/phone-number.ts";
import type { StockAlertInput } from "./stock-alert-schema.ts";

/**
 * 'Tell me when it's back' (docs/decisions/053): shoppers' requests for a sold-out product or
 * size, the one hook every stock change runs to see stock come back, and the back-in-stock
 * emails' outbox, which the notice worker (app/orders/order-notice.server.ts) sends.
 */

/** The product is not in the shop (unknown or hidden): 404. */
export class StockAlertProductNotFound extends Error {
  constructor() {
    super("Product not found");
  }
}

/** A request's field the product cannot take (a size it does not have, a phone that is no number): 400 naming it. */
export class StockAlertRefused extends Error {
  constructor(
    readonly field: "size" | "phone",
    reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

/** Who asks: the page's language and the client's address, for the activity log. */
export type Asker = { language: Locale; address: string | null };

/** The shopper who asked, as the activity log names them (never a staff member). */
const shopperActor = (address: string | null): Actor => ({ username: "shopper", address });

/**
 * Records a request: one per contact, product and size while it waits (the unique index makes a
 * second ask a no-op, answered the same). Returns whether a new request was stored.
 */
export function askForStockAlert(db: Db, input: StockAlertInput, asker: Asker): { created: boolean } {
  const phone = input.phone === undefined ? null : normalisePhone(input.phone);
  if (input.phone !== undefined && !phone) throw new StockAlertRefused("phone", "Invalid phone number");
  const email = input.email ?? null;
  return writeTransaction(db, (tx) => {
    const product = tx
      .select({ title: products.title, sizes: products.sizes })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.isHidden, false)))
      .get();
    if (!product) throw new StockAlertProductNotFound();
    const size = input.size ?? "";
    if (size && !product.sizes.includes(size))
      throw new StockAlertRefused(
        "size",
        product.sizes.length ? `must be one of ${product.sizes.join(", ")}` : "this product has no sizes",
      );
    const stored = tx
      .insert(stockAlerts)
      .values({
        productId: input.productId,
        size,
        email,
        phone,
        contactKey: phone ?? email!.toLowerCase(),
        language: asker.language,
      })
      .onConflictDoNothing()
      .run();
    if (stored.changes === 0) return { created: false };
    recordActivity(tx, shopperActor(asker.address), {
      kind: "stockAlert.requested",
      subject: product.title,
      productId: input.productId,
      changes: [
        ...(size ? [{ field: "size", before: null, after: size }] : []),
        { field: email ? "email" : "phone", before: null, after: email ?? phone },
        { field: "language", before: null, after: asker.language },
      ],
    });
    return { created: true };
  });
}

/**
 * A shopper's request, from the product page or `/api/`: the address's allowance first (429 when
 * spent: TooManyStockAlerts), then `askForStockAlert`.
 */
export async function requestStockAlert(db: Db, input: StockAlertInput, asker: Asker) {
  if (asker.address) await takeStockAlertTry(asker.address);
  return askForStockAlert(db, input, asker);
}

// ---- The hook: stock coming back -------------------------------------------------------------

/** A product's stock at one moment: the total, and each size's where it keeps stock per size. */
type StockNow = { stock: number; bySize: Map<string, number> | null };

function readStock(tx: Tx, productId: number): StockNow | undefined {
  const product = tx.select({ stock: products.stock }).from(products).where(eq(products.id, productId)).get();
  if (!product) return undefined;
  const rows = tx
    .select({ size: productSizeStock.size, stock: productSizeStock.stock })
    .from(productSizeStock)
    .where(eq(productSizeStock.productId, productId))
    .all();
  return { stock: product.stock, bySize: rows.length ? new Map(rows.map((row) => [row.size, row.stock])) : null };
}

/** What a request for `size` ('' the whole product) can buy: the size's own stock, or the shared stock. */
function stockFor(now: StockNow, size: string) {
  if (!size || !now.bySize) return now.stock;
  return now.bySize.get(size) ?? 0;
}

const WAITING = and(isNull(stockAlerts.notifiedAt), isNull(stockAlerts.doneAt));

/** Someone waits for this product (one look in a small partial index): only then is stock read around a change. */
function someoneWaitsFor(tx: Tx, productId: number) {
  return (
    tx
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.productId, productId), WAITING))
      .limit(1)
      .get() !== undefined
  );
}

/** `meta` key: this database's server sends back-in-stock emails (set by the notice worker at start). */
export const STOCK_ALERT_EMAILS_KEY = "stock_alert_emails";

/**
 * Whether a back-in-stock email queued now will be sent: kept in the database (the worker writes it
 * when it starts), because the models run in the Remix build, apart from the module server.ts starts
 * the worker from, and a script's connection must see the same answer.
 */
export function setStockAlertEmails(db: Db, on: boolean) {
  db.insert(meta)
    .values({ key: STOCK_ALERT_EMAILS_KEY, value: on ? "on" : "off" })
    .onConflictDoUpdate({ target: meta.key, set: { value: on ? "on" : "off" } })
    .run();
}

function emailsOn(tx: Tx) {
  return tx.select({ value: meta.value }).from(meta).where(eq(meta.key, STOCK_ALERT_EMAILS_KEY)).get()?.value === "on";
}

/**
 * THE hook for stock coming back: runs `change` (any write of a product's stock, inside the
 * caller's transaction) and, where the product's stock, or a size's, went from none to some,
 * queues one back-in-stock email per waiting email request for it, in the same transaction (the
 * request row is the email's outbox entry; the notice worker sends it after the commit, with
 * retries). Phone requests keep waiting on the dashboard. Each request is told once: a queued one no
 * longer waits, so 2 → 3 finds no one. Costs one index lookup when no one waits.
 *
 * Every path that adds stock runs through it: the product edit (form, `/api/`, CSV import:
 * `changeProduct`) and `putBackStock` (a canceled order, a parcel refused at the door, and any
 * return that puts units back).
 */
export function watchStockBack<T>(tx: Tx, productId: number, change: () => T): T {
  if (!someoneWaitsFor(tx, productId)) return change();
  const before = readStock(tx, productId);
  const result = change();
  const after = readStock(tx, productId);
  if (before && after) queueBackInStock(tx, productId, before, after);
  return result;
}

function queueBackInStock(tx: Tx, productId: number, before: StockNow, after: StockNow) {
  if (!emailsOn(tx)) return;
  const waiting = tx
    .select({ id: stockAlerts.id, size: stockAlerts.size })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), WAITING, isNotNull(stockAlerts.email)))
    .all();
  const back = waiting.filter((alert) => stockFor(before, alert.size) <= 0 && stockFor(after, alert.size) > 0);
  if (back.length === 0) return;
  const now = new Date();
  tx.update(stockAlerts)
    .set({ notifiedAt: now, emailNextAttemptAt: now })
    .where(
      inArray(
        stockAlerts.id,
        back.map((alert) => alert.id),
      ),
    )
    .run();
  const title = tx.select({ title: products.title }).from(products).where(eq(products.id, productId)).get()!.title;
  const sizes = [...new Set(back.map((alert) => alert.size).filter(Boolean))];
  recordActivity(tx, SYSTEM_ACTOR, {
    kind: "stockAlert.backInStock",
    subject: title,
    productId,
    changes: [
      { field: "emailsQueued", before: null, after: back.length },
      ...(sizes.length ? [{ field: "sizes", before: null, after: sizes }] : []),
    ],
  });
}

// ---- The back-in-stock emails' outbox --------------------------------------------------------

/** A back-in-stock email to send: whom, in which language, about which product and size. */
export type DueBackInStockEmail = {
  id: number;
  email: string;
  language: Locale;
  size: string | null;
  attempts: number;
  productId: number;
  title: string;
  titleAr: string | null;
};

/** Back-in-stock emails due now, oldest first (the partial index of unsent ones). */
export function dueBackInStockEmails(db: Db, limit: number): DueBackInStockEmail[] {
  return db
    .select({
      id: stockAlerts.id,
      email: sql<string>`${stockAlerts.email}`,
      language: stockAlerts.language,
      size: sql<string | null>`nullif(${stockAlerts.size}, '')`,
      attempts: stockAlerts.emailAttempts,
      productId: stockAlerts.productId,
      title: products.title,
      titleAr: products.titleAr,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(
      and(
        isNotNull(stockAlerts.notifiedAt),
        isNull(stockAlerts.emailSentAt),
        lte(stockAlerts.emailNextAttemptAt, new Date()),
      ),
    )
    .orderBy(asc(stockAlerts.emailNextAttemptAt), asc(stockAlerts.id))
    .limit(limit)
    .all();
}

/** When the next unsent back-in-stock email is due; null when none is queued. */
export function nextBackInStockEmailAt(db: Db): Date | null {
  const row = db
    .select({ at: sql<number | null>`min(${stockAlerts.emailNextAttemptAt})` })
    .from(stockAlerts)
    .where(and(isNotNull(stockAlerts.notifiedAt), isNull(stockAlerts.emailSentAt)))
    .get();
  return row?.at == null ? null : new Date(row.at);
}

export function markBackInStockEmailSent(db: Db, id: number) {
  db.update(stockAlerts).set({ emailSentAt: new Date() }).where(eq(stockAlerts.id, id)).run();
}

export function markBackInStockEmailFailed(db: Db, id: number, attempts: number, error: string, retryAt: Date) {
  db.update(stockAlerts)
    .set({ emailAttempts: attempts, emailLastError: error, emailNextAttemptAt: retryAt })
    .where(eq(stockAlerts.id, id))
    .run();
}

// ---- What the dashboard and /api/ read --------------------------------------------------------

/** `GET /api/stock-alerts`'s shape of one request. */
export type ApiStockAlert = {
  _id: string;
  productId: string;
  title: string;
  size: string | null;
  email: string | null;
  phone: string | null;
  language: Locale;
  createdAt: string;
  notifiedAt: string | null;
  doneAt: string | null;
};

const alertColumns = {
  id: stockAlerts.id,
  productId: stockAlerts.productId,
  title: products.title,
  titleAr: products.titleAr,
  size: stockAlerts.size,
  email: stockAlerts.email,
  phone: stockAlerts.phone,
  language: stockAlerts.language,
  createdAt: stockAlerts.createdAt,
  notifiedAt: stockAlerts.notifiedAt,
  doneAt: stockAlerts.doneAt,
};

/** Every request, the newest first (`GET /api/stock-alerts`). */
export function listStockAlerts(db: Db): ApiStockAlert[] {
  return db
    .select(alertColumns)
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .orderBy(desc(stockAlerts.id))
    .all()
    .map((row) => ({
      _id: String(row.id),
      productId: String(row.productId),
      title: row.title,
      size: row.size || null,
      email: row.email,
      phone: row.phone,
      language: row.language,
      createdAt: row.createdAt.toISOString(),
      notifiedAt: row.notifiedAt?.toISOString() ?? null,
      doneAt: row.doneAt?.toISOString() ?? null,
    }));
}

/** A phone request waiting for the shop to message the shopper, with whether the stock is back now. */
export type WaitingPhoneRequest = {
  id: number;
  productId: number;
  title: string;
  titleAr: string | null;
  size: string | null;
  phone: string;
  language: Locale;
  createdAt: Date;
  inStockNow: boolean;
};

/** 'Waiting for stock': phone requests not yet marked done, those whose stock is back first, then the oldest. */
export function listWaitingPhoneRequests(db: Db): WaitingPhoneRequest[] {
  const inStockNow = sql<number>`case when ${stockAlerts.size} <> '' and exists (select 1 from ${productSizeStock} where ${productSizeStock.productId} = ${stockAlerts.productId})
      then coalesce((select ${productSizeStock.stock} from ${productSizeStock} where ${productSizeStock.productId} = ${stockAlerts.productId} and ${productSizeStock.size} = ${stockAlerts.size}), 0) > 0
      else ${products.stock} > 0 end`;
  return db
    .select({
      id: stockAlerts.id,
      productId: stockAlerts.productId,
      title: products.title,
      titleAr: products.titleAr,
      size: stockAlerts.size,
      phone: sql<string>`${stockAlerts.phone}`,
      language: stockAlerts.language,
      createdAt: stockAlerts.createdAt,
      inStockNow,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(and(isNotNull(stockAlerts.phone), isNull(stockAlerts.doneAt)))
    .orderBy(desc(inStockNow), asc(stockAlerts.id))
    .all()
    .map((row) => ({ ...row, size: row.size || null, inStockNow: Boolean(row.inStockNow) }));
}

export class StockAlertNotFound extends Error {}

/** 'Mark done': the shop has answered this request (a WhatsApp message sent); it waits no more. */
export function markStockAlertDone(db: Db, id: number, actor: Actor) {
  writeTransaction(db, (tx) => {
    const alert = tx
      .select({
        title: products.title,
        productId: stockAlerts.productId,
        phone: stockAlerts.phone,
        email: stockAlerts.email,
      })
      .from(stockAlerts)
      .innerJoin(products, eq(products.id, stockAlerts.productId))
      .where(and(eq(stockAlerts.id, id), isNull(stockAlerts.doneAt)))
      .get();
    if (!alert) throw new StockAlertNotFound(`Request ${id} not found`);
    tx.update(stockAlerts).set({ doneAt: new Date(), doneBy: actor.username }).where(eq(stockAlerts.id, id)).run();
    recordActivity(tx, actor, {
      kind: "stockAlert.done",
      subject: alert.title,
      productId: alert.productId,
      changes: [{ field: "contact", before: null, after: alert.phone ?? alert.email }],
    });
  });
}

/** The Overview's demand for what is gone: waiting requests by product, the most wanted first. */
export function waitingByProduct(db: Db, limit = 10) {
  const waiting = count(stockAlerts.id);
  return db
    .select({ productId: stockAlerts.productId, title: products.title, stock: products.stock, waiting })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(WAITING)
    .groupBy(stockAlerts.productId)
    .orderBy(desc(waiting), asc(products.title))
    .limit(limit)
    .all();
}
