import { orderDeskCall } from "~/api/order-desk-call.server.ts";
import { apiJson } from "~/server/http/api-response.server.ts";
import { actorFor } from "~/models/activity.server.ts";
import { confirmOrder } from "~/models/order-desk.server.ts";
import { toApiOrder } from "~/models/order.server.ts";

/** GET or POST /api/order/confirmOrder?id= (administrator): confirmed with the customer; again keeps the first time. */
const confirm = orderDeskCall({ methods: ["GET", "POST"], changesData: true }, ({ context, admin, id }) =>
  apiJson({
    message: "Order confirmed successfully",
    order: toApiOrder(confirmOrder(context.db, id, actorFor(admin, context))),
  }),
);

export const loader = confirm;
export const action = confirm;
