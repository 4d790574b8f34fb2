import { ApiError } from "~/platform/http/api-response.server.ts";
import { DiscountCodeTaken, DiscountNotFound } from "./discounts.server.ts";

/** The model's refusals as the `/api/` statuses clients rely on: a taken code 409, an unknown id 404. */
export function asDiscountApiError(error: unknown): never {
  if (error instanceof DiscountCodeTaken) throw new ApiError(409, `code: ${error.message}`);
  if (error instanceof DiscountNotFound) throw new ApiError(404, error.message);
  throw error;
}
