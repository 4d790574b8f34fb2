import type { I18n } from "@lingui/core";
import { parseWithZod } from "@conform-to/zod/v4";
import { checkoutSchemaFor } from "./checkout-form-schema.ts";

/**
 * The checkout form's check in the browser: the same schema as the action's, in the page's
 * language. Its own module, so zod and the schema load after the page (checkout.tsx imports it
 * lazily) instead of before it.
 */
export const validateCheckout = (formData: FormData, i18n: I18n) =>
  parseWithZod(formData, { schema: checkoutSchemaFor(i18n) });
