import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { activity } from "../../db/schema/index.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { ACTIVITY_KINDS, type ActivityKind } from "~/platform/activity/activity-kinds.ts";

export const ACTIVITY_PAGE_SIZE = 50;

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
