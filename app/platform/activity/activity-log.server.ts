import { activity, type ActivityChange } from "../../../db/schema/index.ts";
import type { Db } from "../db/db.server.ts";
import type { ActivityKind } from "./activity-kinds.ts";

/** Who made a change: the signed-in administrator and the address the request came from. */
export type Actor = { username: string; address: string | null };

/** Changes made by the server itself (scheduled backups, `npm run backup`). */
export const SYSTEM_ACTOR: Actor = { username: "system", address: null };

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
