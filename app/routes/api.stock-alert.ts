import { ApiError, apiCall, apiJson, methodNotAllowed } from "~/platform/http/api-response.server.ts";
import { TooManyStockAlerts } from "~/platform/security/stock-alert-rate-limit.server.ts";
import { englishOf } from "~/i18n/answers.ts";
import { STOCK_ALERT_ANSWERS } from "~/catalogue/stock-alert-answers.ts";
import { stockAlertSchema } from "~/catalogue/stock-alert-schema.ts";
import { requestStockAlert, StockAlertProductNotFound, StockAlertRefused } from "~/catalogue/stock-alerts.server.ts";

/**
 * POST /api/stock-alert `{ productId, size?, email?, phone?, language? }` (no session): 201
 * `{ message: 'We will let you know.' }`, asking again included; 400 naming a bad field, 404 for a
 * product not in the shop, 429 past the address's requests an hour.
 */
export const action = apiCall({ methods: ["POST"], body: stockAlertSchema }, async ({ context, body }) => {
  try {
    await requestStockAlert(context.db, body, { language: body.language ?? "en", address: context.clientAddress });
  } catch (error) {
    if (error instanceof StockAlertProductNotFound) throw new ApiError(404, error.message);
    if (error instanceof StockAlertRefused) throw new ApiError(400, error.message);
    if (error instanceof TooManyStockAlerts)
      throw new ApiError(429, error.message, { "Retry-After": String(error.retryAfterSeconds) });
    throw error;
  }
  return apiJson({ message: englishOf(STOCK_ALERT_ANSWERS, { code: "stock-alert.saved" }) }, { status: 201 });
});

export const loader = methodNotAllowed(["POST"]);
