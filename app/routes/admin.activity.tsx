import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pager } from "~/ui/pager.tsx";
import { Button, buttonClass } from "~/ui/button.tsx";
import { ACTIVITY_KINDS } from "~/platform/activity/activity-kinds.ts";
import { ACTIVITY_KIND_LABELS } from "~/overview/activity-kinds.ts";
import { fieldName, formatActivityTime, shownValue } from "~/overview/activity-format.ts";
import { listCategories } from "~/catalogue/category.server.ts";
import { pageCount, pageNumberParam } from "~/utils/paging.ts";
import { activityFilterFrom, listActivity } from "~/overview/activity.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";

export const meta: MetaFunction = () => [{ title: "Activity | OpenBox Admin" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/activity");
  const url = new URL(request.url);
  const filter = activityFilterFrom(url.searchParams);
  const { rows, total, page, pageSize } = listActivity(context.db, {
    ...filter,
    page: pageNumberParam(url.searchParams),
  });
  return {
    filter,
    page,
    pages: pageCount(total, pageSize),
    total,
    entries: rows.map((row) => ({ ...row, at: row.at.toISOString() })),
    labels: {
      categories: Object.fromEntries(listCategories(context.db).map((row) => [row.id, row.label])),
    },
  };
}

export default function AdminActivity() {
  const { filter, page, pages, total, entries, labels } = useLoaderData<typeof loader>();
  const filtered = filter.kind || filter.productId || filter.orderId;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Activity ({total})</h1>
        <Form method="get" className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
          <label className="flex flex-col text-sm font-semibold">
            Kind
            <select
              name="kind"
              defaultValue={filter.kind ?? ""}
              className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-base font-normal"
            >
              <option value="">Everything</option>
              {ACTIVITY_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {ACTIVITY_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </label>
          {filter.productId ? <input type="hidden" name="product" value={filter.productId} /> : null}
          {filter.orderId ? <input type="hidden" name="order" value={filter.orderId} /> : null}
          <Button type="submit" variant="secondary" className="min-h-11">
            Filter
          </Button>
          {filtered ? (
            <Link to="/admin/activity" className={buttonClass("ghost", "md")}>
              Clear
            </Link>
          ) : null}
        </Form>
      </div>
      {filter.productId ? <p className="text-sm text-slate-700">The history of one product.</p> : null}
      {filter.orderId ? <p className="text-sm text-slate-700">The history of one order.</p> : null}
      {entries.length === 0 ? (
        <p className="rounded-card border border-slate-200 bg-white p-4 text-slate-700">
          Nothing recorded{filtered ? " for this filter" : " yet"}.
        </p>
      ) : (
        <ol className="flex flex-col gap-2">
          {entries.map((entry) => (
            <li
              key={entry.id}
              data-testid="activity-entry"
              className="rounded-card border border-slate-200 bg-white p-3 text-sm"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p>
                  <span className="font-semibold">
                    {ACTIVITY_KIND_LABELS[entry.kind as keyof typeof ACTIVITY_KIND_LABELS] ?? entry.kind}
                  </span>
                  {entry.subject ? (
                    <>
                      {" · "}
                      {entry.productId ? (
                        <Link
                          to={`/admin/activity?product=${entry.productId}`}
                          className="text-brand-700 underline-offset-2 hover:underline"
                          dir="auto"
                        >
                          {entry.subject}
                        </Link>
                      ) : entry.orderId ? (
                        <Link
                          to={`/admin/activity?order=${entry.orderId}`}
                          className="text-brand-700 underline-offset-2 hover:underline"
                          dir="auto"
                        >
                          {entry.subject}
                        </Link>
                      ) : (
                        <span dir="auto">{entry.subject}</span>
                      )}
                    </>
                  ) : null}
                </p>
                <p className="text-slate-600">
                  <time dateTime={entry.at}>{formatActivityTime(entry.at)}</time> · by{" "}
                  <span dir="auto">{entry.actor}</span>
                  {entry.address ? ` from ${entry.address}` : ""}
                </p>
              </div>
              {entry.changes.length ? (
                <ul className="mt-1 flex flex-col gap-0.5 text-slate-700">
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      <span className="font-medium">{fieldName(change.field)}</span>:{" "}
                      <span dir="auto">{shownValue(change.field, change.before, labels)}</span> →{" "}
                      <span dir="auto">{shownValue(change.field, change.after, labels)}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="mt-1 flex flex-wrap gap-x-4">
                {entry.productId ? (
                  <Link
                    to={`/admin/products/${entry.productId}/edit`}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    Open product
                  </Link>
                ) : null}
                {entry.orderId ? (
                  <Link
                    to={`/admin/orders/${entry.orderId}`}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    Open order
                  </Link>
                ) : null}
              </p>
            </li>
          ))}
        </ol>
      )}
      <Pager path="/admin/activity" page={page} pages={pages} />
    </div>
  );
}
