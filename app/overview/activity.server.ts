import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { activity, type ActivityChange } from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { ACTIVITY_KINDS, type ActivityKind } from "~/overview/activity-kinds.ts";

/** Who made a change: the signed-in administrator and the address the request came from. */
export type Actor = { username: string; address: string | null };

/** Changes made by the server itself (scheduled backups, `npm run backup`). */
export const SYSTEM_ACTOR: Actor = { username: "system", address: null };

export const ACTIVITY_PAGE_SIZE = 50;

/** An order's timeline names the administrator; a change the system made itself names no one. */
export function historyActor(actor: Actor) {
  return actor === SYSTEM_ACTOR ? null : actor.username;
}

/** The signed-in administrator as the author of a change made through this request. */
export function actorFor(admin: { username: string }, context: { clientAddress: string }): Actor {
  return { username: admin.username, address: context.clientAddress };
}

/** A transaction or the database: activity is written inside the change's own transaction. */
type Writer = Pick<Db, "insert">;

/**
 * Records one change. Models call it inside the transaction that makes the change, so a change
 * and its record are stored together or not at all, whether it came from a page or from /api/.
 */
export function recordActivity(
  writer: Writer,
  actor: Actor,
  entry: {
    kind: ActivityKind;
    subject: string;
    productId?: number | null;
    orderId?: string | null;
    changes?: ActivityChange[];
  },
) {
  writer
    .insert(activity)
    .values({
      actor: actor.username,
      address: actor.address,
      kind: entry.kind,
      subject: entry.subject,
      productId: entry.productId ?? null,
      orderId: entry.orderId ?? null,
      changes: entry.changes ?? [],
    })
    .run();
}

const BOOKKEEPING_COLUMNS = new Set(["id", "createdAt", "updatedAt"]);

/**
 * Every column that differs between two versions of a row (bookkeeping columns aside), so an edit
 * records each changed field, new fields included, without a list to keep up to date. `before`
 * null: a new row, every value recorded as set.
 */
export function rowChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): ActivityChange[] {
  return Object.keys(after).flatMap((field) => {
    if (BOOKKEEPING_COLUMNS.has(field)) return [];
    const was = before ? before[field] : null;
    const now = after[field];
    if (JSON.stringify(was ?? null) === JSON.stringify(now ?? null)) return [];
    return [{ field, before: was ?? null, after: now ?? null }];
  });
}

export type ActivityFilter = { kind?: ActivityKind; productId?: number; orderId?: string };

function where(filter: ActivityFilter): SQL | undefined {
  return and(
    filter.kind ? eq(activity.kind, filter.kind) : undefined,
    filter.productId !== undefined ? eq(activity.productId, filter.productId) : undefined,
    filter.orderId ? eq(activity.orderId, filter.orderId) : undefined,
  );
}

/** One page of the log, newest first; each filter is an index range (kind, product or order). */
export function listActivity(db: Db, filter: ActivityFilter & { page?: number; pageSize?: number }) {
  const pageSize = filter.pageSize ?? ACTIVITY_PAGE_SIZE;
  const page = Math.max(1, filter.page ?? 1);
  const condition = where(filter);
  const rows = db
    .select()
    .from(activity)
    .where(condition)
    .orderBy(desc(activity.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const total = db.select({ count: count() }).from(activity).where(condition).get()!.count;
  return { rows, total, page, pageSize };
}

export function isActivityKind(value: string | null | undefined): value is ActivityKind {
  return (ACTIVITY_KINDS as readonly string[]).includes(value ?? "");
}

/** `?kind=`, `?product=` (id) and `?order=` (public id) of the Activity page and its API: unknown values are ignored. */
export function activityFilterFrom(searchParams: URLSearchParams): ActivityFilter {
  const kind = searchParams.get("kind");
  const product = Number(searchParams.get("product"));
  const order = searchParams.get("order")?.trim();
  return {
    kind: isActivityKind(kind) ? kind : undefined,
    productId: Number.isInteger(product) && product > 0 ? product : undefined,
    orderId: order && /^[0-9a-f]{1,64}$/i.test(order) ? order : undefined,
  };
}
