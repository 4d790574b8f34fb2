import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { StockAlertFormView } from "./views.ts";

/**
 * The words of 'Tell me when it's back', in the page's language, sent with the page's data of a
 * sold-out product only: kept out of the product page's JavaScript, which every in-stock page
 * downloads too (its budget, tests/e2e/budgets.spec.ts).
 */
export function stockAlertFormView(
  i18n: I18n,
  productId: number,
  sizes: string[],
  selectedSize: string | null,
): StockAlertFormView {
  return {
    productId,
    sizes,
    size: selectedSize && sizes.includes(selectedSize) ? selectedSize : (sizes[0] ?? null),
    words: {
      heading: i18n._(msg`Tell me when it's back`),
      intro: i18n._(msg`Leave an email or a phone number (one of them) and we will tell you when it is back.`),
      size: i18n._(msg`Size`),
      email: i18n._(msg`Email`),
      phone: i18n._(msg`or phone number (WhatsApp)`),
    },
  };
}
