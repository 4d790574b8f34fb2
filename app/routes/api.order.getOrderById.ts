import { orderDeskCall } from "~/orders/order-desk-call.server.ts";
import { apiJson, methodNotAllowed, READ_METHODS } from "~/platform/http/api-response.server.ts";
import { loadApiOrderWithDesk } from "~/orders/order-desk.server.ts";

/** GET /api/order/getOrderById?id= (administrator): the order with its notes and history, oldest first. */
export const loader = orderDeskCall({ call: "order/getOrderById", methods: READ_METHODS }, ({ context, id }) =>
  apiJson({ order: loadApiOrderWithDesk(context.db, id) }),
);

export const action = methodNotAllowed(READ_METHODS);
