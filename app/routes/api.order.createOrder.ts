import { z } from "zod";
import { apiCall, apiJson, methodNotAllowed } from "~/platform/http/api-response.server.ts";
import { checkoutSchemaFor } from "~/checkout/checkout-form-schema.ts";
import { i18nFor } from "~/i18n/i18n.server.ts";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/cart/cart.server.ts";
import { toApiOrder } from "~/orders/order.server.ts";
import { ORDER_LANGUAGES } from "~/orders/order-status.ts";
import { submitOrder } from "~/checkout/place-order.server.ts";

/**
 * The `/api/` order request. The client's prices and totals (deliveryFee, subtotal, total) are
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
  // The checkout form's schema, with its English messages: /api/ answers stay English.
  shippingAddress: checkoutSchemaFor(i18nFor("en")),
  /** A discount code: compared without case; one that does not apply answers 400 with why. */
  couponCode: z.string({ error: "must be a discount code" }).trim().max(64).nullish(),
  /** The language the shopper's emails and texts are in; English when not given. */
  language: z.enum(ORDER_LANGUAGES, { error: "must be 'en' or 'ar'" }).optional(),
  deliveryFee: z.number().optional(),
  subtotal: z.number().optional(),
  total: z.number().optional(),
});

export const action = apiCall({ methods: ["POST"], body: orderRequest }, async ({ request, context, body }) => {
  const key = request.headers.get("Idempotency-Key");
  const outcome = await submitOrder(
    context,
    {
      lines: body.items.map((item) => ({ productId: item.product, size: item.size, quantity: item.quantity })),
      shipping: body.shippingAddress,
      // API clients' keys live apart from the checkout form's, so the two can never meet.
      idempotencyKey: key && key.length <= 100 ? `api:${key}` : null,
      couponCode: body.couponCode || null,
      language: body.language,
    },
    "api",
  );
  if ("refused" in outcome) {
    const { message, status, headers, stock } = outcome.refused;
    if (stock)
      return apiJson(
        {
          error: message,
          product: String(stock.productId),
          remaining: stock.remaining,
          ...(stock.size === undefined ? {} : { size: stock.size }),
        },
        { status },
      );
    return apiJson({ error: message }, { status, headers });
  }
  const { order, created } = outcome.placed;
  return apiJson({ message: "Order created successfully", order: toApiOrder(order) }, { status: created ? 201 : 200 });
});

export const loader = methodNotAllowed(["POST"]);
