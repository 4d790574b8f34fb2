import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { adminAction } from "~/staff/admin-action.server.ts";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { redirectWithToast } from "~/platform/http/flash.server.ts";
import { siteOrigin } from "~/platform/http/site-origin.server.ts";
import { whatsAppHref } from "~/utils/phone.ts";
import { formatPhone } from "~/utils/phone-number.ts";
import { formatOrderTime } from "~/orders/order-desk.ts";
import { backInStockWhatsApp } from "~/catalogue/back-in-stock-email.server.tsx";
import { listWaitingPhoneRequests, markStockAlertDone, StockAlertNotFound } from "~/catalogue/stock-alerts.server.ts";
import { Button } from "~/ui/button.tsx";

export const meta: MetaFunction = () => [
  { title: "Waiting for stock | OpenBox Admin" },
  { name: "robots", content: "noindex" },
];

const BACK = "/admin/stock-alerts";

/** 'Waiting for stock': shoppers who left a phone number for a sold-out product, the ones whose stock is back first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/stock-alerts");
  const origin = siteOrigin(request, context.publicUrl);
  return {
    requests: listWaitingPhoneRequests(context.db).map((request) => ({
      id: request.id,
      productId: request.productId,
      title: request.title,
      size: request.size,
      phone: formatPhone(request.phone),
      language: request.language,
      createdAt: request.createdAt.toISOString(),
      inStockNow: request.inStockNow,
      whatsApp: whatsAppHref(request.phone, backInStockWhatsApp(origin, request)),
    })),
  };
}

const doneForm = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const action = adminAction(
  "/admin/stock-alerts",
  async ({ request, context, actor }) => {
    const parsed = doneForm.safeParse(Object.fromEntries(await request.formData()));
    if (!parsed.success)
      return redirectWithToast(BACK, { type: "danger", message: "Unknown request" }, context.cookies);
    try {
      markStockAlertDone(context.db, parsed.data.id, actor);
    } catch (error) {
      if (!(error instanceof StockAlertNotFound)) throw error;
      return redirectWithToast(BACK, { type: "danger", message: "That request is already done" }, context.cookies);
    }
    return redirectWithToast(BACK, { type: "success", message: "Marked done" }, context.cookies);
  },
  (unavailable, _submission, { context }: ActionFunctionArgs) =>
    redirectWithToast(BACK, { type: "danger", message: unavailable.message }, context.cookies),
);

export default function WaitingForStock() {
  const { requests } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const marking = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Waiting for stock ({requests.length})</h1>
        <p className="mt-1 text-sm text-slate-600">
          Shoppers who left a phone number for a sold-out product. Email requests are emailed by the shop itself when
          the stock comes back.
        </p>
      </div>
      {requests.length === 0 ? (
        <p className="rounded-card border border-slate-200 bg-white p-4 text-slate-700">No one is waiting.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.map((request) => (
            <li
              key={request.id}
              className="flex flex-col gap-3 rounded-card border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold">
                  <a href={`/shop/product/${request.productId}`} className="underline" dir="auto">
                    {request.title}
                  </a>
                  {request.size ? <span className="text-slate-600"> (size {request.size})</span> : null}
                </p>
                <p className="text-sm text-slate-700">
                  <span dir="ltr">{request.phone}</span> · {request.language === "ar" ? "Arabic" : "English"} ·{" "}
                  {formatOrderTime(request.createdAt)}
                </p>
                <p
                  className={`mt-1 inline-block rounded px-2 py-0.5 text-xs font-semibold ${request.inStockNow ? "bg-success-50 text-success-700" : "bg-slate-100 text-slate-700"}`}
                >
                  {request.inStockNow ? "In stock now" : "Still sold out"}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a
                  href={request.whatsApp}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                >
                  WhatsApp
                </a>
                <Form method="post">
                  <input type="hidden" name="id" value={request.id} />
                  <Button type="submit" size="sm" className="min-h-11" pending={marking === String(request.id)}>
                    Mark done
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
