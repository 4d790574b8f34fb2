import { apiCall, ApiError, apiJson, methodNotAllowed } from "~/platform/http/api-response.server.ts";
import {
  giveTrackingTryBack,
  takeTrackingTry,
  TooManyTrackingTries,
} from "~/platform/security/tracking-rate-limit.server.ts";
import { requestReturn, ReturnRequestRefused } from "~/orders/return-request.server.ts";
import { returnRequestApiSchema } from "~/orders/return-request-schema.ts";
import { toApiOrder } from "~/orders/order.server.ts";

/**
 * POST /api/order/requestReturn?id= `{ phone, items: [{ product, size, quantity }], reason, note? }`
 * (no session: the order's phone is the check): 201 `{ returnRequest }`. A phone that is not the
 * order's answers 404 'Order not found', like an unknown order; outside the window 409; more units
 * than were delivered 400. Misses count against the tracking lookups' limit per address.
 */
export const action = apiCall(
  { methods: ["POST"], body: returnRequestApiSchema },
  async ({ request, context, body }) => {
    const id = new URL(request.url).searchParams.get("id")?.trim();
    if (!id || id.length > 64) throw new ApiError(400, "Invalid order ID");
    try {
      await takeTrackingTry(context.clientAddress);
    } catch (error) {
      if (!(error instanceof TooManyTrackingTries)) throw error;
      throw new ApiError(429, error.message, { "Retry-After": String(Math.ceil(error.retryAfterSeconds)) });
    }
    try {
      const order = requestReturn(context.db, id, {
        phone: body.phone,
        items: body.items.map((item) => ({ productId: item.product, size: item.size, quantity: item.quantity })),
        reason: body.reason,
        note: body.note,
      });
      await giveTrackingTryBack(context.clientAddress);
      return apiJson({ returnRequest: toApiOrder(order).returnRequest }, { status: 201 });
    } catch (error) {
      if (!(error instanceof ReturnRequestRefused)) throw error;
      // Only a wrong order or phone is a miss; the owner's own shopper asking too late is not guessing.
      if (error.status !== 404) await giveTrackingTryBack(context.clientAddress);
      throw new ApiError(error.status, error.message);
    }
  },
);

export const loader = methodNotAllowed(["POST"]);
