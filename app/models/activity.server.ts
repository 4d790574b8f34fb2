import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { activity, type ActivityChange } from "../../db/schema/index.ts";
import type { Db } from "~/lib/db.server.ts";
import { ACTIVITY_KINDS, type ActivityKind } from "~/lib/activity-kinds.ts";

/** Who made a change: the signed-in administrator and the address the request came from. */
export type Actor = { username: string; address: string | null };

/** Changes made by the server itself (scheduled backups, `npm run backup`). */
export const SYSTEM_ACTOR: Actor = { username: "system", address: null };

export const ACTIVITY_PAGE_SIZE = 50;

/** A transaction or the database: activity is written inside the change's own transaction. */
type Writer = Pick<Db, "insert">;

/**
 * Records one change. Models call it inside the transaction that makes the change, so a change
 * and its record are stored together or not at all, whether it came from a page or from /api/.
 */
export function recordActivity(
  writer: Writer,
  actor: Actor,
  entry: { kind: ActivityKind; subject: string; productId?: number | null; orderId?: string | null; changes?: ActivityChange[] },
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

/** The fields whose values differ, each with its value before and after. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>, fields: (keyof T & string)[]): ActivityChange[] {
  return fields.flatMap((field) => {
    if (!(field in after)) return [];
    const was = before[field];
    const now = after[field];
    return JSON.stringify(was) === JSON.stringify(now) ? [] : [{ field, before: was ?? null, after: now ?? null }];
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
