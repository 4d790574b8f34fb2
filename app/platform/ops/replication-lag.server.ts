import fs from "node:fs";

/** /readyz answers 503 once a write has waited longer than this to reach the replica. */
export const MAX_REPLICATION_LAG_MS = 60_000;

/**
 * How far the replica is behind, as the age of the oldest write Litestream has not yet shipped.
 * A write shows as a newer modification time of the WAL file (`shop.db-wal`: every commit appends
 * to it); Litestream says in its log each time a WAL segment or snapshot reached the replica.
 * Sampled every second, so a write is noticed within a second and the lag is never underestimated
 * by more than one sync. A quiet shop has no lag however long ago the last sync was.
 */
export class ReplicationLag {
  private lastShippedAt: number;
  private pendingSince: number | undefined;

  constructor(
    private readonly walFile: string,
    private readonly now: () => number = Date.now,
  ) {
    this.lastShippedAt = now();
  }

  /** Looks at the WAL: a write newer than the last shipment starts the clock, if it is not running. */
  sample() {
    let modifiedAt: number;
    try {
      modifiedAt = fs.statSync(this.walFile).mtimeMs;
    } catch {
      return; // no WAL yet (or a checkpoint just removed it): nothing new to ship
    }
    if (this.pendingSince === undefined && modifiedAt > this.lastShippedAt) this.pendingSince = modifiedAt;
  }

  /** Litestream logged that a WAL segment or snapshot is in the replica. */
  shipped() {
    this.lastShippedAt = this.now();
    this.pendingSince = undefined;
  }

  /** Milliseconds the oldest unshipped write has waited (0 when everything is in the replica). */
  lagMs() {
    this.sample();
    return this.pendingSince === undefined ? 0 : Math.max(0, this.now() - this.pendingSince);
  }
}
