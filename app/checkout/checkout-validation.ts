import { parseWithZod } from "@conform-to/zod/v4";
import { checkoutSchema } from "./checkout-schema.ts";

/**
 * The checkout form's check in the browser: the same schema as the action's. Its own module, so
 * zod and the schema load after the page (checkout.tsx imports it lazily) instead of before it.
 */
export const validateCheckout = (formData: FormData) => parseWithZod(formData, { schema: checkoutSchema });
