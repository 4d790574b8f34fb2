import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { DeliverySlips, type Paper } from "~/orders/components/delivery-slips.tsx";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { loadDeliverySlips } from "~/orders/order-desk.server.ts";

export const meta: MetaFunction = () => [
  { title: "Delivery slips | OpenBox Admin" },
  { name: "robots", content: "noindex" },
];

/** GET /admin/orders/slips?id=…&id=…: the slips of the orders ticked in the list, one a printed page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/orders/slips");
  const url = new URL(request.url);
  const slips = loadDeliverySlips(context.db, url.searchParams.getAll("id"));
  const paper: Paper = url.searchParams.get("paper") === "phone" ? "phone" : "a5";
  return { paper, slips: slips.map((slip) => ({ ...slip, createdAt: slip.createdAt.toISOString() })) };
}

export default function DeliverySlipBatch() {
  const { slips, paper } = useLoaderData<typeof loader>();
  const location = useLocation();
  const paperHref = (next: Paper) => {
    const params = new URLSearchParams(location.search);
    params.set("paper", next);
    return `${location.pathname}?${params.toString()}`;
  };
  return <DeliverySlips slips={slips} paper={paper} paperHref={paperHref} />;
}
