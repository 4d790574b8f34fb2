import { type AppLoadContext, data } from "@remix-run/node";
import { answerIn } from "~/i18n/answers.ts";
import { i18nOfRequest } from "~/i18n/i18n.server.ts";
import { localeOfPath } from "~/i18n/locale.ts";
import { asDatabaseUnavailable } from "~/platform/db/database-faults.server.ts";
import { TooManyStockAlerts } from "~/platform/security/stock-alert-rate-limit.server.ts";
import { STOCK_ALERT_ANSWERS, type StockAlertAnswer } from "./stock-alert-answers.ts";
import { stockAlertAnswerOf, stockAlertSchema } from "./stock-alert-schema.ts";
import { requestStockAlert, StockAlertProductNotFound, StockAlertRefused } from "./stock-alerts.server.ts";
import type { StockAlertReply } from "./views.ts";

/**
 * The product page's 'Tell me when it's back' action: the schema `/api/stock-alert` reads, the
 * same model call, each answer in the page's language by its code. It answers on the page itself
 * (no redirect): asking again changes nothing and answers the same, so a reloaded POST is harmless,
 * and the answer shows where the shopper is looking, with or without JavaScript.
 */
export async function answerStockAlertForm(request: Request, context: AppLoadContext, productId: string) {
  const url = new URL(request.url);
  const i18n = i18nOfRequest(request);
  const reply = (body: StockAlertReply, status: number, headers?: HeadersInit) => data(body, { status, headers });
  const refuse = (
    field: "email" | "phone" | "size" | null,
    answer: StockAlertAnswer,
    status = 400,
    headers?: HeadersInit,
  ) => reply({ field, error: answerIn(i18n, STOCK_ALERT_ANSWERS, answer) }, status, headers);

  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = stockAlertSchema.safeParse({
    productId,
    size: text("size"),
    email: text("email"),
    phone: text("phone"),
  });
  if (!parsed.success) {
    if (parsed.error.issues[0]!.path[0] === "productId") throw data({ message: "Product not found." }, { status: 404 });
    const { field, answer } = stockAlertAnswerOf(parsed.error.issues[0]!);
    return refuse(field, answer);
  }
  try {
    await requestStockAlert(context.db, parsed.data, {
      language: localeOfPath(url.pathname),
      address: context.clientAddress,
    });
  } catch (error) {
    if (error instanceof StockAlertProductNotFound) throw data({ message: "Product not found." }, { status: 404 });
    if (error instanceof StockAlertRefused) return refuse(error.field, { code: `stock-alert.${error.field}` });
    if (error instanceof TooManyStockAlerts)
      return refuse(null, { code: "stock-alert.too-many" }, 429, { "Retry-After": String(error.retryAfterSeconds) });
    const unavailable = asDatabaseUnavailable(error);
    if (unavailable) return refuse(null, { code: "stock-alert.unavailable" }, 503, unavailable.headers);
    throw error;
  }
  return reply({ saved: true, message: answerIn(i18n, STOCK_ALERT_ANSWERS, { code: "stock-alert.saved" }) }, 200);
}
