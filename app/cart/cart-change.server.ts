import type { I18n } from "@lingui/core";
import { z } from "zod";
import { withWesternDigits } from "~/utils/digits-schema.ts";
import type { Db } from "~/platform/db/db.server.ts";
import type { Toast } from "~/platform/http/flash.ts";
import { afterAddToCartLinks } from "./after-add-links.ts";
import { cartMessage } from "./cart-messages.server.ts";
import {
  addToCart,
  type CartLine,
  checkAddToCart,
  checkCartQuantity,
  removeFromCart,
  MAX_CODE_TYPED,
  setCartQuantity,
} from "./cart.server.ts";
import { canonicalCode } from "~/discounts/discount-rule.ts";

const lineFields = {
  productId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  size: z
    .string()
    .trim()
    .max(8)
    .optional()
    .transform((size) => size || null),
};

/** What the cart's forms post to /cart, told apart by `intent`. */
export const cartChangeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    ...lineFields,
    quantity: withWesternDigits(z.coerce.number().int()).default(1),
  }),
  z.object({ intent: z.literal("set"), ...lineFields, quantity: withWesternDigits(z.coerce.number().int()) }),
  z.object({ intent: z.literal("remove"), ...lineFields }),
  z.object({ intent: z.literal("clear") }),
  // The 'Discount code' form: Apply keeps what was typed with the cart (checked on every render), Remove drops it.
  z.object({ intent: z.literal("discount"), code: z.string().max(200).default("") }),
  z.object({ intent: z.literal("remove-discount") }),
]);

export type CartChange = z.output<typeof cartChangeSchema>;

/** A change's outcome: the cart after it, the message to show if any, and whether it was refused. */
export type CartChangeOutcome = { next: CartLine[]; toast: Toast | null; refused: boolean };

/**
 * Applies one change to the cart's lines under the cart's rules: an add is checked against the
 * product, its size and its stock; a quantity set above the stock is lowered to it, with a warning.
 * Its messages in `i18n`'s language (the page's).
 */
export function applyCartChange(
  db: Db,
  lines: CartLine[],
  input: Exclude<CartChange, { intent: "discount" | "remove-discount" }>,
  i18n: I18n,
): CartChangeOutcome {
  switch (input.intent) {
    case "add": {
      const result = checkAddToCart(db, lines, input, i18n.locale === "ar" ? "ar" : "en");
      if (!result.ok)
        return { next: lines, toast: { type: "danger", message: cartMessage(i18n, result.answer) }, refused: true };
      return {
        next: addToCart(lines, { productId: input.productId, size: input.size, quantity: input.quantity }),
        toast: { type: "success", message: cartMessage(i18n, result.answer), links: afterAddToCartLinks(i18n) },
        refused: false,
      };
    }
    case "set": {
      if (input.quantity < 1) return { next: lines, toast: null, refused: false };
      const check = checkCartQuantity(db, input.productId, input.quantity, input.size);
      if (!check.ok)
        return {
          next: setCartQuantity(lines, input.productId, input.size, check.quantity),
          toast: { type: "warning", message: cartMessage(i18n, check.answer) },
          refused: true,
        };
      return { next: setCartQuantity(lines, input.productId, input.size, input.quantity), toast: null, refused: false };
    }
    case "remove":
      return { next: removeFromCart(lines, input.productId, input.size), toast: null, refused: false };
    case "clear":
      return { next: [], toast: null, refused: false };
  }
}

export function sameCart(a: CartLine[], b: CartLine[]) {
  return (
    a.length === b.length &&
    a.every(
      (line, index) =>
        line.productId === b[index]?.productId && line.size === b[index]?.size && line.quantity === b[index]?.quantity,
    )
  );
}

/** The code the cart keeps after a change: what Apply sent (upper-case; empty removes it), none after Remove. */
export function codeAfterChange(code: string | null, input: CartChange): string | null {
  if (input.intent === "discount") return canonicalCode(input.code).slice(0, MAX_CODE_TYPED) || null;
  if (input.intent === "remove-discount") return null;
  return code;
}
