import { formatMoney } from "~/utils/money.ts";

export type ChartDay = { date: string; orders: number; revenueCents: number };

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

/** "24 Nov" from "2026-11-24", without a time zone shifting the day. */
function shortDate(date: string) {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

/** A round axis top: 1, 2 or 5 times a power of ten, in cents. */
function niceMax(cents: number) {
  if (cents <= 0) return 10_000;
  const power = 10 ** Math.floor(Math.log10(cents));
  return [1, 2, 5, 10].map((step) => step * power).find((value) => value >= cents)!;
}

/**
 * The 30-day daily revenue as bars, rendered on the server: plain SVG with labelled axes, no script.
 * The table beside it carries the same figures for screen readers and for anyone who wants numbers.
 */
export function RevenueChart({ days }: { days: ChartDay[] }) {
  const max = niceMax(Math.max(...days.map((day) => day.revenueCents)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / days.length;
  const y = (cents: number) => PAD.top + plotHeight - (cents / max) * plotHeight;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => share * max);
  return (
    <figure className="flex flex-col gap-3">
      <figcaption id="revenue-chart-title" className="text-sm font-semibold text-slate-700">
        Revenue per day, last 30 days (canceled and returned orders excluded)
      </figcaption>
      {/* At phone width the chart keeps a readable size and scrolls sideways. */}
      <div className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby="revenue-chart-title"
          className="h-auto w-full min-w-[560px]"
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
              <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-slate-600 text-[11px]">
                {formatMoney(tick).replace(/\.00$/, "")}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            // A day whose refunds outweigh its sales shows no bar (its table row says the negative figure).
            const shown = Math.max(day.revenueCents, 0);
            const height = PAD.top + plotHeight - y(shown);
            return (
              <rect
                key={day.date}
                x={PAD.left + index * slot + slot * 0.15}
                y={y(shown)}
                width={slot * 0.7}
                height={Math.max(height, shown > 0 ? 1 : 0)}
                className="fill-brand-600"
              >
                <title>{`${shortDate(day.date)}: ${formatMoney(day.revenueCents)} (${day.orders} orders)`}</title>
              </rect>
            );
          })}
          {days.map((day, index) =>
            index % 7 === days.length % 7 || index === days.length - 1 ? (
              <text
                key={day.date}
                x={PAD.left + index * slot + slot / 2}
                y={HEIGHT - 8}
                textAnchor="middle"
                className="fill-slate-600 text-[11px]"
              >
                {shortDate(day.date)}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      {/* A region focusable so a keyboard can scroll it. */}
      <div
        role="region"
        aria-label="Daily figures"
        tabIndex={0}
        className="max-h-56 overflow-y-auto rounded-md border border-slate-200 px-3 text-sm"
      >
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">Revenue and orders per day, last 30 days</caption>
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 pr-4 font-semibold">
                Date
              </th>
              <th scope="col" className="py-1 pr-4 font-semibold">
                Orders
              </th>
              <th scope="col" className="py-1 font-semibold">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {shortDate(day.date)}
                </th>
                <td className="py-1 pr-4">{day.orders}</td>
                <td className="py-1">{formatMoney(day.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
