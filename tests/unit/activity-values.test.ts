import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity } from "../../db/schema/index.ts";
import { createDiscount } from "~/discounts/discounts.server.ts";
import { shownValue } from "~/overview/activity-format.ts";
import type { Actor } from "~/platform/activity/activity-log.server.ts";
import { createTestDb } from "../support/test-db.ts";

const labels = { categories: {} };
const OWNER: Actor = { username: "owner", address: "127.0.0.1" };

describe("the activity log's values as the owner reads them", () => {
  it("shows a stored time such as 'confirmed at' in Beirut time, as the dashboard's other dates", () => {
    // 06:41 UTC is 08:41 in Beirut in November (UTC+2).
    expect(shownValue("confirmedAt", "2026-11-29T06:41:00.000Z", labels)).toBe("29 Nov 2026, 08:41");
    expect(shownValue("startsAt", "2026-07-01T21:00:00.000Z", labels)).toBe("2 Jul 2026, 00:00");
    // Text that only looks like a time, in a field that is not one, stays as typed.
    expect(shownValue("note", "2026-11-29T06:41:00.000Z", labels)).toBe("2026-11-29T06:41:00.000Z");
  });

  it("records a new discount code with its terms", () => {
    const db = createTestDb();
    const created = createDiscount(
      db,
      { code: "SUMMER10", percent: 10, minSubtotal: 5_000, maxUses: 100, oncePerPhone: true, endsAt: "2026-12-31" },
      OWNER,
    );
    const entry = db.select().from(activity).where(eq(activity.subject, created.code)).get()!;
    expect(entry.kind).toBe("discount.added");
    const byField = Object.fromEntries(entry.changes!.map((change) => [change.field, change.after]));
    expect(byField).toMatchObject({
      percent: 10,
      minSubtotalCents: 5_000,
      maxUses: 100,
      oncePerPhone: true,
      active: true,
    });
    // The end is stored as the instant the next Beirut day begins.
    expect(shownValue("endsAt", byField.endsAt, labels)).toBe("1 Jan 2027, 00:00");
    expect(shownValue("minSubtotalCents", byField.minSubtotalCents, labels)).toBe("$50.00");
    expect(Object.keys(byField)).not.toContain("uses");
  });
});
