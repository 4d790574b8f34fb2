import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeliverySlips, type Paper } from "~/orders/components/delivery-slips.tsx";
import { requireAdmin } from "~/staff/admin-session.server.ts";
import { loadDeliverySlips } from "~/orders/order-desk.server.ts";

export const meta: MetaFunction = () => [
  { title: "Delivery slip | OpenBox Admin" },
  { name: "robots", content: "noindex" },
];

/** GET /admin/orders/{_id}/slip: one order's printable delivery slip, outside the admin frame. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context, "/admin/orders/$id/slip");
  const [slip] = loadDeliverySlips(context.db, [params.id ?? ""]);
  if (!slip) throw new Response("Order not found", { status: 404 });
  const paper: Paper = new URL(request.url).searchParams.get("paper") === "phone" ? "phone" : "a5";
  return { paper, slip: { ...slip, createdAt: slip.createdAt.toISOString() } };
}

export default function DeliverySlipPage() {
  const { slip, paper } = useLoaderData<typeof loader>();
  return (
    <DeliverySlips
      slips={[slip]}
      paper={paper}
      paperHref={(next) => `/admin/orders/${slip.publicId}/slip?paper=${next}`}
    />
  );
}
