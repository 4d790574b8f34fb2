import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, methodNotAllowed, READ_METHODS, withApiErrors } from "~/platform/http/api-response.server.ts";
import { toDollars } from "~/utils/money.ts";
import { readDeliverySettings, readLiraSettings } from "~/settings/settings.server.ts";

/** GET /api/settings/delivery: each governorate's fee and the free-delivery threshold (null when off), in dollars, and the lira rate (null when off). */
export const loader = withApiErrors(({ context }: LoaderFunctionArgs) => {
  const delivery = readDeliverySettings(context.db);
  return apiJson({
    fees: Object.fromEntries(
      Object.entries(delivery.feesCents).map(([governorate, cents]) => [governorate, toDollars(cents)]),
    ),
    freeDeliveryFrom: delivery.freeDeliveryFromCents === null ? null : toDollars(delivery.freeDeliveryFromCents),
    /** LBP for one dollar, or null when the lira is off. */
    lbpRate: readLiraSettings(context.db).lbpRate,
  });
});

export const action = methodNotAllowed(READ_METHODS);
