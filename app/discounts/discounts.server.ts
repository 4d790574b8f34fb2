import { and, desc, eq, gte, isNotNull, ne, sql } from "drizzle-orm";
import { type Discount, discounts, discountUses, orders } from "../../db/schema/index.ts";
import { type Db, type Tx, writeTransaction } from "~/platform/db/db.server.ts";
import type { Cents } from "~/utils/money.ts";
import { toDollars } from "~/utils/money.ts";
import { phoneKey } from "~/utils/phone-number.ts";
import { formatShopDateTime, shopDayEnd, shopDayStart } from "~/utils/shop-time.ts";
import { type Actor, recordActivity, rowChanges } from "~/platform/activity/activity-log.server.ts";
import { canonicalCode, type DiscountTerms, formatMinimum } from "./discount-rule.ts";
import type { DiscountAnswer } from "./discount-answers.ts";
import type { DiscountEdit, DiscountInput, DiscountView } from "./discount-schema.ts";

/** A database or a transaction: the order checks its code inside its own transaction. */
type Reader = Pick<Db, "select">;

/** The code is taken by another discount (409 over /api/, beside the field on the page). */
export class DiscountCodeTaken extends Error {
  constructor(code: string) {
    super(`The code ${code} is already taken`);
  }
}

export class DiscountNotFound extends Error {
  constructor() {
    super("Discount not found");
  }
}

/** A code as the order desk applies it: its terms, and whether it applies, with the reason why when not. */
export type DiscountCheck =
  | { ok: true; discount: Discount; terms: DiscountTerms }
  | { ok: false; answer: DiscountAnswer; discount: Discount | null };

/** The Beirut day an instant falls on; `exclusiveEnd` reads an end instant as the day before it. */
function shopDay(instant: Date | null, exclusiveEnd = false) {
  if (!instant) return null;
  return formatShopDateTime(new Date(instant.getTime() - (exclusiveEnd ? 1 : 0))).slice(0, 10);
}

export function toDiscountView(discount: Discount): DiscountView {
  return {
    id: discount.id,
    code: discount.code,
    percent: discount.percent,
    amountCents: discount.amountCents,
    minSubtotalCents: discount.minSubtotalCents,
    startsOn: shopDay(discount.startsAt),
    endsOn: shopDay(discount.endsAt, true),
    maxUses: discount.maxUses,
    oncePerPhone: discount.oncePerPhone,
    active: discount.active,
    uses: discount.uses,
  };
}

/** The `/api/` shape of a code: dollars, ISO dates (Beirut days). */
export function toApiDiscount(discount: Discount) {
  const view = toDiscountView(discount);
  return {
    _id: String(discount.id),
    code: view.code,
    percent: view.percent,
    amount: view.amountCents === null ? null : toDollars(view.amountCents),
    minSubtotal: view.minSubtotalCents === null ? null : toDollars(view.minSubtotalCents),
    startsAt: view.startsOn,
    endsAt: view.endsOn,
    maxUses: view.maxUses,
    oncePerPhone: view.oncePerPhone,
    active: view.active,
    uses: view.uses,
  };
}

export function listDiscounts(db: Reader): Discount[] {
  return db.select().from(discounts).orderBy(desc(discounts.id)).all();
}

export function findDiscount(db: Reader, id: number): Discount | undefined {
  return db.select().from(discounts).where(eq(discounts.id, id)).get();
}

/** The columns an input sets; an absent field is left as it is, null clears it. */
function columnsOf(input: DiscountEdit) {
  const columns: Partial<typeof discounts.$inferInsert> = {};
  if (input.code !== undefined) columns.code = canonicalCode(input.code);
  if (input.percent != null) Object.assign(columns, { percent: input.percent, amountCents: null });
  if (input.amount != null) Object.assign(columns, { amountCents: input.amount, percent: null });
  if (input.minSubtotal !== undefined) columns.minSubtotalCents = input.minSubtotal;
  if (input.startsAt !== undefined) columns.startsAt = input.startsAt === null ? null : shopDayStart(input.startsAt);
  if (input.endsAt !== undefined) columns.endsAt = input.endsAt === null ? null : shopDayEnd(input.endsAt);
  if (input.maxUses !== undefined) columns.maxUses = input.maxUses;
  if (input.oncePerPhone !== undefined) columns.oncePerPhone = input.oncePerPhone;
  if (input.active !== undefined) columns.active = input.active;
  return columns;
}

function refuseTakenCode(tx: Tx, code: string | undefined, exceptId: number | null) {
  if (code === undefined) return;
  const taken = tx.select({ id: discounts.id }).from(discounts).where(eq(discounts.code, code)).get();
  if (taken && taken.id !== exceptId) throw new DiscountCodeTaken(code);
}

/** Adds a code (the Discounts page and `discount/create`), recorded in the activity log. */
export function createDiscount(db: Db, input: DiscountInput, actor: Actor): Discount {
  return writeTransaction(db, (tx) => {
    const columns = columnsOf(input);
    refuseTakenCode(tx, columns.code, null);
    const created = tx
      .insert(discounts)
      .values({ ...columns, code: columns.code!, active: input.active ?? true })
      .returning()
      .get();
    // Its terms, as an edit would list them (the code is the entry's subject; uses start at 0).
    const changes = rowChanges(null, created).filter((change) => change.field !== "uses" && change.field !== "code");
    recordActivity(tx, actor, { kind: "discount.added", subject: created.code, changes });
    return created;
  });
}

/** Changes the fields given (the page sends them all, `discount/edit` some), each change in the activity log. */
export function editDiscount(db: Db, id: number, input: DiscountEdit, actor: Actor): Discount {
  return writeTransaction(db, (tx) => {
    const before = findDiscount(tx, id);
    if (!before) throw new DiscountNotFound();
    const columns = columnsOf(input);
    refuseTakenCode(tx, columns.code, id);
    if (Object.keys(columns).length === 0) return before;
    const after = tx.update(discounts).set(columns).where(eq(discounts.id, id)).returning().get();
    const changes = rowChanges(before, after).filter((change) => change.field !== "uses");
    if (changes.length)
      recordActivity(tx, actor, {
        kind: before.active && !after.active ? "discount.off" : "discount.edited",
        subject: after.code,
        changes,
      });
    return after;
  });
}

/**
 * Whether a code applies to a subtotal now: known and switched on and started ('This code is not
 * valid.'), not past its end date, not used up, the minimum reached, and (when the phone is known,
 * at the order) not already used with that phone number when the code is once per phone.
 */
export function checkDiscount(
  db: Reader,
  code: string,
  subtotalCents: Cents,
  { now = new Date(), phone = null }: { now?: Date; phone?: string | null } = {},
): DiscountCheck {
  const discount = db
    .select()
    .from(discounts)
    .where(eq(discounts.code, canonicalCode(code)))
    .get();
  if (!discount || !discount.active || (discount.startsAt && now < discount.startsAt))
    return { ok: false, answer: { code: "discount.invalid" }, discount: discount ?? null };
  const refuse = (answer: DiscountAnswer) => ({ ok: false as const, answer, discount });
  if (discount.endsAt && now >= discount.endsAt) return refuse({ code: "discount.expired" });
  if (discount.maxUses !== null && discount.uses >= discount.maxUses) return refuse({ code: "discount.limit" });
  if (discount.minSubtotalCents !== null && subtotalCents < discount.minSubtotalCents)
    return refuse({ code: "discount.minimum", minimum: formatMinimum(discount.minSubtotalCents) });
  if (phone !== null && discount.oncePerPhone && usedWithPhone(db, discount.id, phone))
    return refuse({ code: "discount.phone" });
  return { ok: true, discount, terms: { percent: discount.percent, amountCents: discount.amountCents } };
}

function usedWithPhone(db: Reader, discountId: number, phone: string) {
  const key = phoneKey(phone);
  return !!db
    .select({ id: discountUses.id })
    .from(discountUses)
    .where(and(eq(discountUses.discountId, discountId), eq(discountUses.phoneKey, key)))
    .get();
}

/**
 * Counts one use of a code checked in this order's transaction: a conditional update that only
 * succeeds while uses are left, and the phone's use row. The transaction is an immediate one
 * (one writer at a time, decision 015), so orders racing for the last use are served one by one;
 * false when none was left.
 */
export function countDiscountUse(tx: Tx, discount: Discount, orderId: number, phone: string): boolean {
  const counted = tx
    .update(discounts)
    .set({ uses: sql`${discounts.uses} + 1` })
    .where(
      and(
        eq(discounts.id, discount.id),
        sql`(${discounts.maxUses} is null or ${discounts.uses} < ${discounts.maxUses})`,
      ),
    )
    .run();
  if (counted.changes === 0) return false;
  tx.insert(discountUses)
    .values({ discountId: discount.id, orderId, phoneKey: phoneKey(phone) })
    .run();
  return true;
}

/** The Overview's 'Discounts' figure: per code, the orders placed with it since `since` (canceled left out) and the money it gave. */
export type DiscountFigure = { code: string; orders: number; discountCents: number };

export function discountFigures(db: Reader, since: Date): DiscountFigure[] {
  return db
    .select({
      code: sql<string>`${orders.couponCode}`,
      orders: sql<number>`count(*)`,
      discountCents: sql<number>`coalesce(sum(${orders.discountCents}), 0)`,
    })
    .from(orders)
    .where(and(isNotNull(orders.couponCode), gte(orders.createdAt, since), ne(orders.status, "canceled")))
    .groupBy(orders.couponCode)
    .orderBy(sql`3 desc`, sql`2 desc`)
    .all();
}
