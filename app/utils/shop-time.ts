/** The shop's clock: dates an owner reads or types are Beirut dates, whatever the server's zone. */
export const SHOP_TIME_ZONE = "Asia/Beirut";

// Swedish formatting is ISO-like ("2026-11-24 09:05:00"), which spreadsheets read as a date.
const isoLike = new Intl.DateTimeFormat("sv-SE", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "2026-11-24 09:05:00", in Beirut time. */
export function formatShopDateTime(date: Date) {
  return isoLike.format(date);
}

/** The instant a Beirut day ("2026-11-24") begins, or null when the text is not a real date. */
export function shopDayStart(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, date);
  if (new Date(utcMidnight).getUTCDate() !== date) return null;
  // Beirut's offset on that day (+2 or +3 hours), read back from the formatter.
  const shown = formatShopDateTime(new Date(utcMidnight)).replace(" ", "T") + "Z";
  const offsetMs = Date.parse(shown) - utcMidnight;
  return new Date(utcMidnight - offsetMs);
}

/** The instant the Beirut day after `day` begins: the exclusive end of a date range ending on `day`. */
export function shopDayEnd(day: string): Date | null {
  const start = shopDayStart(day);
  if (!start) return null;
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 36 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return shopDayStart(next);
}
