import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import {
  allowMethods,
  ApiError,
  apiJson,
  methodNotAllowed,
  readJsonBody,
  withApiErrors,
} from "~/platform/http/api-response.server.ts";
import { checkoutSchema } from "~/checkout/checkout-schema.ts";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/cart/cart.server.ts";
import { OrderRefused, placeOrder, toApiOrder } from "~/orders/order.server.ts";

/**
 * Spec §3 "Order request". The client's prices and totals (deliveryFee, subtotal, total) are
 * accepted but ignored: the server prices every line from the database.
 */
const orderRequest = z.object({
  items: z
    .array(
      z.object({
        product: z
          .union([z.string().regex(/^\d{1,15}$/, { error: "must be a product id" }), z.number().int().positive()])
          .transform(Number),
        quantity: z
          .number({ error: "must be a number" })
          .int({ error: "must be a whole number" })
          .min(1)
          .max(MAX_LINE_QUANTITY),
        size: z
          .string()
          .trim()
          .max(8)
          .nullish()
          .transform((size) => size || null),
      }),
    )
    .min(1, { error: "must hold at least one item" })
    .max(MAX_CART_LINES),
  shippingAddress: checkoutSchema,
  deliveryFee: z.number().optional(),
  subtotal: z.number().optional(),
  total: z.number().optional(),
});

export const action = withApiErrors(async ({ request, context }: ActionFunctionArgs) => {
  allowMethods(request, ["POST"]);
  const body = await readJsonBody(request, orderRequest);
  const key = request.headers.get("Idempotency-Key");
  try {
    const outcome = await context.orderBrake.placeWithin(
      { phone: body.shippingAddress.phone, address: context.clientAddress },
      () =>
        placeOrder(context.db, {
          lines: body.items.map((item) => ({ productId: item.product, size: item.size, quantity: item.quantity })),
          shipping: body.shippingAddress,
          // API clients' keys live apart from the checkout form's, so the two can never meet.
          idempotencyKey: key && key.length <= 100 ? `api:${key}` : null,
        }),
    );
    if ("tooMany" in outcome)
      throw new ApiError(429, outcome.tooMany.message, { "Retry-After": String(outcome.tooMany.retryAfterSeconds) });
    const { order, created } = outcome.placed;
    return apiJson(
      { message: "Order created successfully", order: toApiOrder(order) },
      { status: created ? 201 : 200 },
    );
  } catch (error) {
    if (!(error instanceof OrderRefused)) throw error;
    if (error.reason === "unavailable") throw new ApiError(404, error.message);
    if (error.reason === "key-reused") throw new ApiError(409, "Idempotency key already used for a different order");
    if (error.reason === "stock") {
      return apiJson(
        { error: error.message, product: String(error.details.productId), remaining: error.details.remaining },
        { status: 409 },
      );
    }
    throw new ApiError(400, error.message);
  }
});

export const loader = methodNotAllowed(["POST"]);
