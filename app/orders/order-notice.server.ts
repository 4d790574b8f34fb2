import { and, asc, count, desc, eq, gte, inArray, isNull, lte, min, sql } from "drizzle-orm";
import { type NoticeChannel, orderNotices, orders } from "../../db/schema/index.ts";
import { type Db, writeTransaction } from "~/platform/db/db.server.ts";
import { formatMoney } from "~/utils/money.ts";
import { createMailSender, postSignedJson } from "~/platform/notices/notice-senders.server.ts";
import { SHOP_NAME } from "~/catalogue/options.ts";
import { readShopDetails } from "~/settings/settings.server.ts";
import { recordOrderEvent } from "./order-history.server.ts";
import { setOrderNoticeChannels } from "./order-notice-queue.server.ts";
import type { ShopperMessage } from "./order-status.ts";
import { trackingUrl } from "./order-desk.ts";
import { renderShopperEmail } from "./shopper-email.server.tsx";
import { shopperLanguage } from "~/i18n/shopper-language.server.ts";
import { loadOrder, type OrderWithItems, toApiOrder } from "./order.server.ts";
import {
  dueBackInStockEmails,
  markBackInStockEmailFailed,
  markBackInStockEmailSent,
  nextBackInStockEmailAt,
  setStockAlertEmails,
} from "~/catalogue/stock-alerts.server.ts";
import { renderBackInStockEmail } from "~/catalogue/back-in-stock-email.server.tsx";

/** The longest wait between two tries, however many have failed. */
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** A notice that failed this often shows on the Orders tab. */
const FAILING_NOTICE_ATTEMPTS = 3;
/** Notices sent per pass; the next pass starts at once while more are due. */
const NOTICES_PER_PASS = 20;
/** How often the worker looks again when nothing is due sooner. */
const IDLE_POLL_MS = 60_000;

/** The wait after `attempts` failed tries: base, 2 × base, 4 × base…, at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number) {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), Math.max(baseMs, MAX_RETRY_DELAY_MS));
}

/**
 * Unsent notices that failed FAILING_NOTICE_ATTEMPTS times or more (how many of them are emails to
 * shoppers), and the newest error among them.
 */
export function failingOrderNotices(db: Db) {
  const failing = and(isNull(orderNotices.sentAt), gte(orderNotices.attempts, FAILING_NOTICE_ATTEMPTS));
  const { total, toShoppers } = db
    .select({
      total: count(),
      toShoppers: sql<number>`coalesce(sum(case when ${orderNotices.channel} = 'shopper-email' then 1 else 0 end), 0)`,
    })
    .from(orderNotices)
    .where(failing)
    .get()!;
  if (total === 0) return { count: 0, toShoppers: 0, lastError: null };
  const newest = db
    .select({ lastError: orderNotices.lastError })
    .from(orderNotices)
    .where(failing)
    .orderBy(desc(orderNotices.lastAttemptAt), desc(orderNotices.id))
    .limit(1)
    .get();
  return { count: total, toShoppers, lastError: newest?.lastError ?? null };
}

/** The owner's email for a new order: what to call the customer about and what to collect. */
export function orderNoticeEmail(order: OrderWithItems) {
  const items = order.items.map(
    (item) =>
      `- ${item.quantity} × ${item.title}${item.size ? ` (${item.size})` : ""}: ${formatMoney(item.unitPriceCents * item.quantity)}`,
  );
  const address = [order.street, order.building, order.address, order.city, order.governorate]
    .filter(Boolean)
    .join(", ");
  return {
    subject: `New order #${order.orderNumber}: ${order.customerName}, ${formatMoney(order.totalCents)}`,
    text: [
      `New order #${order.orderNumber}`,
      "",
      `Customer: ${order.customerName}`,
      `Phone: ${order.phone}`,
      `Address: ${address}`,
      "",
      "Items:",
      ...items,
      "",
      `Subtotal: ${formatMoney(order.subtotalCents)}`,
      ...(order.couponCode ? [`Discount (${order.couponCode}): \u2212${formatMoney(order.discountCents)}`] : []),
      `Delivery: ${formatMoney(order.deliveryFeeCents)}`,
      `Total to collect: ${formatMoney(order.totalCents)}`,
    ].join("\n"),
  };
}

/** A failure as one line a person can act on, e.g. "fetch failed: connect ECONNREFUSED 127.0.0.1:9". */
function describeFailure(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${message}${cause}`.slice(0, 500);
}

/**
 * A shopper email waits while an earlier one of the same order is unsent, so the shopper reads
 * the steps in order (received before confirmed…) even after failures and retries. Written with
 * qualified names: Drizzle leaves them bare in a one-table select.
 */
const waitsForEarlierShopperEmail = sql`("order_notices"."channel" = 'shopper-email' and exists (
  select 1 from order_notices earlier
  where earlier.order_id = "order_notices"."order_id" and earlier.channel = 'shopper-email'
    and earlier.sent_at is null and earlier.id < "order_notices"."id"))`;

type NoticeRow = { id: number; message: ShopperMessage | null; subject: string | null };

export type NoticeWorkerConfig = {
  email?: { smtpUrl: string; to: string };
  /** Emails to the shopper at each step: from SHOP_EMAIL_FROM, with links into PUBLIC_URL. */
  shopperEmail?: { smtpUrl: string; from: string; publicUrl: string };
  webhook?: { url: string; secret: string };
  /** The first wait after a failure; each further failure doubles it. */
  retryBaseMs: number;
};

/**
 * Starts sending queued notices in this process: those left from before a restart at once, new
 * ones as their orders commit, failed ones again after a growing wait. Notices run one at a time,
 * each send bounded by a timeout, so a slow receiver delays only other notices, never an order.
 * A crash between a send and its row's update sends that notice again on the next start.
 */
export function startOrderNoticeWorker(db: Db, config: NoticeWorkerConfig) {
  const mailer = config.email ? createMailSender(config.email.smtpUrl, config.email.to) : undefined;
  const shopperMailer = config.shopperEmail
    ? createMailSender(config.shopperEmail.smtpUrl, config.shopperEmail.from)
    : undefined;
  // A sender may say what it sent as the subject, kept on the notice's row (an Arabic email's).
  const senders: Partial<
    Record<NoticeChannel, (order: OrderWithItems, notice: NoticeRow) => Promise<void | { subject: string }>>
  > = {};
  if (config.email && mailer) {
    const to = config.email.to;
    senders.email = (order) => mailer.send({ to, ...orderNoticeEmail(order) });
  }
  if (config.webhook) {
    const { url, secret } = config.webhook;
    senders.webhook = (order) => postSignedJson(url, secret, JSON.stringify(toApiOrder(order)));
  }
  if (config.shopperEmail && shopperMailer) {
    const { publicUrl } = config.shopperEmail;
    senders["shopper-email"] = async (order, notice) => {
      if (!notice.message) throw new Error("A shopper email without its step");
      const shop = {
        shopName: SHOP_NAME,
        shopPhone: readShopDetails(db).contactPhone,
        trackingUrl: trackingUrl(publicUrl, order.publicId, order.language)!,
      };
      const email = await renderShopperEmail(notice.message, order, shop, shopperLanguage(order.language));
      const subject = notice.subject ?? email.subject;
      await shopperMailer.send({ to: order.email, ...email, subject });
      return { subject };
    };
  }
  const channels = Object.keys(senders) as NoticeChannel[];
  setOrderNoticeChannels(db, channels);
  // Back-in-stock emails go with the shopper emails: same sender, same PUBLIC_URL for the link.
  setStockAlertEmails(db, shopperMailer !== undefined);

  /** Sends the back-in-stock emails that are due (the request rows are their outbox), with the same retries. */
  async function sendDueBackInStockEmails() {
    if (!config.shopperEmail || !shopperMailer) return 0;
    const { publicUrl } = config.shopperEmail;
    const due = dueBackInStockEmails(db, NOTICES_PER_PASS);
    for (const alert of due) {
      if (stopped) return 0;
      try {
        const email = await renderBackInStockEmail(alert, { shopName: SHOP_NAME, publicUrl });
        await shopperMailer.send({ to: alert.email, subject: email.subject, html: email.html, text: email.text });
        markBackInStockEmailSent(db, alert.id);
      } catch (error) {
        const attempts = alert.attempts + 1;
        const lastError = describeFailure(error);
        markBackInStockEmailFailed(
          db,
          alert.id,
          attempts,
          lastError,
          new Date(Date.now() + retryDelayMs(attempts, config.retryBaseMs)),
        );
        console.error(`Back-in-stock email ${alert.id} failed, attempt ${attempts}: ${lastError}`);
      }
    }
    return due.length;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;

  /** Sends what is due; returns when to look again (ms from now). */
  async function sendDueNotices(): Promise<number> {
    const now = new Date();
    const due = db
      .select({
        id: orderNotices.id,
        channel: orderNotices.channel,
        attempts: orderNotices.attempts,
        message: orderNotices.message,
        subject: orderNotices.subject,
        orderId: orders.id,
        publicId: orders.publicId,
      })
      .from(orderNotices)
      .innerJoin(orders, eq(orders.id, orderNotices.orderId))
      .where(
        and(
          isNull(orderNotices.sentAt),
          lte(orderNotices.nextAttemptAt, now),
          inArray(orderNotices.channel, channels),
          sql`not ${waitsForEarlierShopperEmail}`,
        ),
      )
      .orderBy(asc(orderNotices.nextAttemptAt), asc(orderNotices.id))
      .limit(NOTICES_PER_PASS)
      .all();
    for (const notice of due) {
      if (stopped) return 0;
      const order = loadOrder(db, notice.publicId);
      const send = senders[notice.channel];
      if (!order || !send) continue;
      try {
        const sent = await send(order, notice);
        // Sent: the row, and for a shopper's email the order's timeline ("emailed"), together.
        writeTransaction(db, (tx) => {
          tx.update(orderNotices)
            .set({ sentAt: new Date(), lastAttemptAt: new Date(), ...(sent ? { subject: sent.subject } : {}) })
            .where(eq(orderNotices.id, notice.id))
            .run();
          if (notice.channel === "shopper-email")
            recordOrderEvent(tx, { orderId: notice.orderId, event: "emailed", actor: null, noticeId: notice.id });
        });
      } catch (error) {
        const attempts = notice.attempts + 1;
        const lastError = describeFailure(error);
        db.update(orderNotices)
          .set({
            attempts,
            lastError,
            lastAttemptAt: new Date(),
            nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts, config.retryBaseMs)),
          })
          .where(eq(orderNotices.id, notice.id))
          .run();
        console.error(
          `Order notice ${notice.id} (${notice.channel}, order ${notice.publicId}) failed, attempt ${attempts}: ${lastError}`,
        );
      }
    }
    const backInStock = await sendDueBackInStockEmails();
    if (due.length === NOTICES_PER_PASS || backInStock === NOTICES_PER_PASS) return 0;
    const nextBackInStock = config.shopperEmail ? nextBackInStockEmailAt(db) : null;
    const next = db
      .select({ at: min(orderNotices.nextAttemptAt) })
      .from(orderNotices)
      .where(
        and(
          isNull(orderNotices.sentAt),
          inArray(orderNotices.channel, channels),
          sql`not ${waitsForEarlierShopperEmail}`,
        ),
      )
      .get();
    const nextAt = Math.min(next?.at?.getTime() ?? Infinity, nextBackInStock?.getTime() ?? Infinity);
    return Number.isFinite(nextAt) ? Math.min(Math.max(0, nextAt - Date.now()), IDLE_POLL_MS) : IDLE_POLL_MS;
  }

  function run() {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    wokenWhileRunning = false;
    running = sendDueNotices()
      .catch((error: unknown) => {
        console.error("Could not send order notices:", error);
        return IDLE_POLL_MS;
      })
      .then((waitMs) => {
        running = undefined;
        if (stopped) return;
        timer = setTimeout(run, wokenWhileRunning ? 0 : waitMs);
      });
  }

  if (channels.length > 0) {
    // A notice queued on this connection wakes the worker once its transaction has ended (the
    // callback runs inside it; setImmediate waits for the commit). Other connections' notices
    // are found by the next poll.
    db.$client.function("order_notice_queued", { deterministic: false }, () => {
      setImmediate(run);
      return null;
    });
    db.$client.exec(
      `create temp trigger if not exists order_notice_queued after insert on main.order_notices begin select order_notice_queued(); end`,
    );
    // Stock that came back queued back-in-stock emails on this connection: the same wake-up.
    db.$client.exec(
      `create temp trigger if not exists back_in_stock_queued after update of notified_at on main.stock_alerts when new.notified_at is not null begin select order_notice_queued(); end`,
    );
    run();
  }
  return {
    channels,
    /** Stops looking for work and waits for the send in progress, so the database can close after. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      mailer?.close();
      shopperMailer?.close();
    },
  };
}
