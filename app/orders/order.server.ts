import crypto from "node:crypto";
import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import { orderItems, orders, products } from "../../db/schema/index.ts";
import type { Order, OrderItem, OrderLanguage } from "../../db/schema/index.ts";
import { type Db, writeTransaction } from "~/platform/db/db.server.ts";
import { centsToLbp } from "~/utils/lira.ts";
import { toDollars } from "~/utils/money.ts";
import { isGovernorate } from "~/settings/delivery.ts";
import { takeSizeStock } from "~/catalogue/size-stock.server.ts";
import { offersSize } from "~/cart/cart.server.ts";
import { orderTotals } from "~/cart/order-totals.server.ts";
import { checkDiscount, countDiscountUse } from "~/discounts/discounts.server.ts";
import { DISCOUNT_ANSWERS, type DiscountAnswer } from "~/discounts/discount-answers.ts";
import { type AnswerTable, englishOf } from "~/i18n/answers.ts";
import { ORDER_ANSWERS, type OrderAnswer } from "./order-answers.ts";
import { recordOrderEvent } from "./order-history.server.ts";
import { queueOrderNotices, queueShopperEmail } from "./order-notice-queue.server.ts";
import { readDeliverySettings, readLiraSettings } from "~/settings/settings.server.ts";
import { phoneKey } from "~/utils/phone-number.ts";
import { type CustomerRecord, customerRecordByKey, findBlockedPhone } from "./customers.server.ts";
import { loadReturnRequest, type ReturnRequestView } from "./return-request-read.server.ts";

/** Human order numbers start here: the first order is #1001. */
const FIRST_ORDER_NUMBER = 1001;

export type OrderLineInput = { productId: number; size: string | null; quantity: number };
export type ShippingInput = {
  name: string;
  email: string;
  phone: string;
  /** The governorate (the spec's `district`). */
  district: string;
  city: string;
  street: string;
  building: string;
  address: string;
};

/** What an order's refusal says: the order's own answers and a discount code's. */
export type OrderRefusalAnswer = OrderAnswer | DiscountAnswer;
export const ORDER_REFUSAL_ANSWERS: AnswerTable<OrderRefusalAnswer> = { ...ORDER_ANSWERS, ...DISCOUNT_ANSWERS };

/**
 * Why an order could not be placed; nothing was stored. `reason` picks the response's status,
 * `answer` what it says (its code and values); the error's message is the answer's English.
 */
export class OrderRefused extends Error {
  constructor(
    readonly reason: "unavailable" | "stock" | "size" | "empty" | "key-reused" | "governorate" | "discount" | "blocked",
    readonly answer: OrderRefusalAnswer,
    /** `size`: the size that ran short, when the product keeps stock per size. */
    readonly details: { productId?: number; title?: string; remaining?: number; size?: string } = {},
  ) {
    super(englishOf(ORDER_REFUSAL_ANSWERS, answer));
  }
}

/** An order's item as every reader of an order gets it: without what it cost the owner (decision 052). */
export type SoldItem = Omit<OrderItem, "unitCostCents">;
/** An order with its lines, its phone's record with the shop (`customer`) and its return after delivery, if any. */
export type OrderWithItems = Order & {
  items: SoldItem[];
  customer: CustomerRecord;
  returnRequest: ReturnRequestView | null;
};

// The order desk, the receipt, tracking, notices and /api/ orders read items through here: the cost
// is left out at the source, so no page or answer of theirs can carry it (only the Overview's sums do).
const { unitCostCents: _unitCostCents, ...soldItemColumns } = getTableColumns(orderItems);

/**
 * sha256 of what makes two order requests the same: the lines (in any order) and the delivery
 * details, each field named, so nothing else a caller sends changes it.
 */
export function orderRequestHash(lines: OrderLineInput[], shipping: ShippingInput, couponCode: string | null = null) {
  const canonicalLines = lines
    .map((line) => [line.productId, line.size, line.quantity] as const)
    .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  const { name, email, phone, district, city, street, building, address } = shipping;
  const canonical = JSON.stringify({
    lines: canonicalLines,
    shipping: [name, email, phone, district, city, street, building, address],
    // Only when given, so a request without a code hashes as it always did.
    ...(couponCode ? { coupon: couponCode.trim().toUpperCase() } : {}),
  });
  return crypto.createHash("sha256").update(canonical).digest("hex");
}

/**
 * Places an order in one SQLite transaction: re-reads every product, refuses hidden or unknown
 * ones and unknown sizes, takes the stock with a conditional update (so two shoppers can never buy
 * the last item twice), prices every line from the database and computes the totals here, with
 * the discount code's and the delivery fee's part through the one rule (`orderTotals`). A code is
 * checked again here and its use counted with a conditional update, so a code with one use left
 * is used once however many orders race for it (refused: reason "discount", with the code's fixed wording).
 * An idempotency key returns the order it already made only for the same request (a double
 * submit, a retry); with a different request it is refused ("key-reused"), so a key never
 * reveals someone else's order nor hides that the new one was not placed.
 * Throws OrderRefused, with nothing stored, when any line cannot be had or the phone is blocked.
 */
export function placeOrder(
  db: Db,
  input: {
    lines: OrderLineInput[];
    shipping: ShippingInput;
    idempotencyKey?: string | null;
    couponCode?: string | null;
    /** The language of the page it was placed on; `en` when not said (an /api/ client). */
    language?: OrderLanguage;
  },
): { order: OrderWithItems; created: boolean } {
  if (input.lines.length === 0) throw new OrderRefused("empty", { code: "order.empty" });
  const governorate = input.shipping.district;
  if (!isGovernorate(governorate)) throw new OrderRefused("governorate", { code: "order.governorate" });
  const key = input.idempotencyKey || null;
  const couponCode = input.couponCode?.trim() || null;
  const requestHash = key ? orderRequestHash(input.lines, input.shipping, couponCode) : null;
  const outcome = writeTransaction(db, (tx) => {
    if (key) {
      const existing = tx
        .select({ publicId: orders.publicId, requestHash: orders.idempotencyRequestHash })
        .from(orders)
        .where(eq(orders.idempotencyKey, key))
        .get();
      if (existing && existing.requestHash === requestHash) return { publicId: existing.publicId, created: false };
      if (existing) throw new OrderRefused("key-reused", { code: "order.form-used" });
    }

    // A number the owner blocked is refused before anything is taken (a replay above still answers).
    if (findBlockedPhone(tx, input.shipping.phone)) throw new OrderRefused("blocked", { code: "order.blocked" });

    const wanted = new Map<number, number>();
    for (const line of input.lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);

    const priced = input.lines.map((line) => {
      const product = tx
        .select({
          id: products.id,
          title: products.title,
          titleAr: products.titleAr,
          priceCents: products.priceCents,
          costCents: products.costCents,
          stock: products.stock,
          sizes: products.sizes,
          isHidden: products.isHidden,
        })
        .from(products)
        .where(eq(products.id, line.productId))
        .get();
      if (!product || product.isHidden) {
        throw new OrderRefused(
          "unavailable",
          { code: "order.unavailable", productId: line.productId },
          { productId: line.productId },
        );
      }
      if (!offersSize(product.sizes, line.size)) {
        throw new OrderRefused(
          "size",
          line.size
            ? { code: "order.size-unavailable", size: line.size, title: product.title }
            : { code: "order.choose-size", title: product.title },
          { productId: product.id, title: product.title },
        );
      }
      return {
        ...line,
        title: product.title,
        titleAr: product.titleAr,
        unitPriceCents: product.priceCents,
        unitCostCents: product.costCents,
        stock: product.stock,
      };
    });

    // A product that keeps stock per size gives each line's quantity from its size first, with one
    // conditional update per size, so two shoppers can never both take a size's last unit.
    const wantedBySize = new Map<string, { productId: number; size: string; quantity: number }>();
    for (const line of priced) {
      if (line.size === null) continue;
      const key = JSON.stringify([line.productId, line.size]);
      const entry = wantedBySize.get(key) ?? { productId: line.productId, size: line.size, quantity: 0 };
      wantedBySize.set(key, { ...entry, quantity: entry.quantity + line.quantity });
    }
    for (const { productId, size, quantity } of wantedBySize.values()) {
      const outcome = takeSizeStock(tx, productId, size, quantity);
      if (!outcome || outcome.taken) continue;
      const { title } = priced.find((item) => item.productId === productId)!;
      throw new OrderRefused(
        "stock",
        { code: "order.stock-size", left: outcome.remaining, title, size },
        { productId, title, remaining: outcome.remaining, size },
      );
    }

    // The stock half of the cart's rule (visible and in stock), as one conditional update so two
    // shoppers can never both take the last item. For a product with stock per size this is the
    // total, which stays the sum of its sizes.
    for (const [productId, quantity] of wanted) {
      const taken = tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${quantity}` })
        .where(sql`${products.id} = ${productId} and ${products.stock} >= ${quantity} and ${products.isHidden} = 0`)
        .run();
      if (taken.changes === 0) {
        const line = priced.find((item) => item.productId === productId)!;
        throw new OrderRefused(
          "stock",
          { code: "order.stock", left: line.stock, title: line.title },
          { productId, title: line.title, remaining: line.stock },
        );
      }
    }

    const subtotalCents = priced.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    // The code as it is now, for this subtotal and this phone number.
    const coupon = couponCode ? checkDiscount(tx, couponCode, subtotalCents, { phone: input.shipping.phone }) : null;
    if (coupon && !coupon.ok) throw new OrderRefused("discount", coupon.answer);
    // Read here, inside the transaction: the fees the owner has set when the order is made.
    const totals = orderTotals(readDeliverySettings(tx), governorate, subtotalCents, coupon?.terms ?? null);
    // The day's lira rate, kept on the order so a later change does not move its amount in lira.
    const { lbpRate } = readLiraSettings(tx);
    const last = tx
      .select({ max: sql<number | null>`max(${orders.orderNumber})` })
      .from(orders)
      .get();
    const publicId = crypto.randomBytes(12).toString("hex");
    const orderNumber = Math.max((last?.max ?? 0) + 1, FIRST_ORDER_NUMBER);
    const order = tx
      .insert(orders)
      .values({
        publicId,
        orderNumber,
        status: "processing",
        customerName: input.shipping.name,
        email: input.shipping.email,
        phone: input.shipping.phone,
        phoneKey: phoneKey(input.shipping.phone),
        governorate: input.shipping.district,
        city: input.shipping.city,
        street: input.shipping.street,
        building: input.shipping.building,
        address: input.shipping.address,
        subtotalCents,
        couponCode: coupon?.discount.code ?? null,
        discountCents: totals.discountCents,
        deliveryFeeCents: totals.deliveryFeeCents,
        totalCents: totals.totalCents,
        lbpRate,
        totalLbp: lbpRate === null ? null : centsToLbp(totals.totalCents, lbpRate),
        idempotencyKey: key,
        idempotencyRequestHash: requestHash,
        language: input.language ?? "en",
      })
      .returning({ id: orders.id })
      .get();
    for (const line of priced) {
      tx.insert(orderItems)
        .values({
          orderId: order.id,
          productId: line.productId,
          title: line.title,
          titleAr: line.titleAr,
          unitPriceCents: line.unitPriceCents,
          // The cost as it is now: the Overview's gross profit keeps it whatever the owner changes later.
          unitCostCents: line.unitCostCents,
          size: line.size,
          quantity: line.quantity,
        })
        .run();
    }
    if (coupon && !countDiscountUse(tx, coupon.discount, order.id, input.shipping.phone))
      throw new OrderRefused("discount", { code: "discount.limit" });
    recordOrderEvent(tx, { orderId: order.id, event: "placed", actor: null });
    queueOrderNotices(db, tx, order.id);
    queueShopperEmail(db, tx, { id: order.id, orderNumber, language: input.language ?? "en" }, "placed");
    return { publicId, created: true };
  });
  return { order: loadOrder(db, outcome.publicId)!, created: outcome.created };
}

/**
 * An order and its items (in the order they were added) by its public id (the API's `_id`), or
 * undefined: the one read the admin, the shopper's receipt and the tracking page share, each
 * picking what it shows.
 */
export function loadOrderAndItems(db: Pick<Db, "select">, publicId: string) {
  const order = db.select().from(orders).where(eq(orders.publicId, publicId)).get();
  if (!order) return undefined;
  const items = db
    .select(soldItemColumns)
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id))
    .all();
  return { order, items };
}

/** An order with its items and its phone's record, by its public id (the API's `_id`). */
export function loadOrder(db: Db, publicId: string): OrderWithItems | undefined {
  const found = loadOrderAndItems(db, publicId);
  if (!found) return undefined;
  const { order, items } = found;
  return {
    ...order,
    items,
    customer: customerRecordByKey(db, order.phoneKey ?? phoneKey(order.phone)),
    returnRequest: loadReturnRequest(db, order.id),
  };
}

export type ApiOrder = ReturnType<typeof toApiOrder>;

/** The order's shape for `/api/`: prices in dollars, ids as strings. */
export function toApiOrder(order: OrderWithItems) {
  return {
    _id: order.publicId,
    orderId: order.orderNumber,
    status: order.status,
    items: order.items.map((item) => ({
      product: item.productId === null ? null : String(item.productId),
      title: item.title,
      titleAr: item.titleAr,
      quantity: item.quantity,
      size: item.size,
      price: toDollars(item.unitPriceCents),
    })),
    shippingAddress: {
      name: order.customerName,
      email: order.email,
      phone: order.phone,
      address: order.address,
      city: order.city,
      district: order.governorate,
      street: order.street,
      building: order.building,
      latitude: order.latitude,
      longitude: order.longitude,
    },
    subtotal: toDollars(order.subtotalCents),
    couponCode: order.couponCode,
    discount: toDollars(order.discountCents),
    deliveryFee: toDollars(order.deliveryFeeCents),
    totalPrice: toDollars(order.totalCents),
    /** The lira rate the order was placed at and its total in lira (rounded to 1,000); null when the rate was off. */
    lbpRate: order.lbpRate,
    totalLbp: order.totalLbp,
    createdAt: order.createdAt.toISOString(),
    confirmedAt: order.confirmedAt?.toISOString() ?? null,
    /** The owner's note for the driver (printed on the delivery slip); null when none. */
    driverNote: order.driverNote ?? null,
    /** The language the order was placed in (`en` or `ar`): its emails and texts are in it. */
    language: order.language,
    /** Every order with the same phone (by `phoneKey`), this one included. */
    customer: order.customer,
    /** The shopper's return after delivery: null, or its state, units, reason, note and refund (dollars, once received). */
    returnRequest: toApiReturnRequest(order.returnRequest),
  };
}

function toApiReturnRequest(request: ReturnRequestView | null) {
  if (!request) return null;
  return {
    status: request.status,
    items: request.items.map((item) => ({
      product: item.productId === null ? null : String(item.productId),
      title: item.title,
      size: item.size,
      quantity: item.quantity,
      // Of those units, how many went back to stock once received (the rest were written off).
      restocked: item.restocked,
    })),
    reason: request.reason,
    note: request.note,
    refund: request.refundCents === null ? null : toDollars(request.refundCents),
    createdAt: request.createdAt.toISOString(),
    /** Why the shop refused it; null unless refused. */
    refusalNote: request.refusalNote,
  };
}
