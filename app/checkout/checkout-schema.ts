/**
 * The checkout's email pattern. The checkout form's schema itself, with its messages in the page's
 * language, is `checkoutSchemaFor` in checkout-form-schema.ts: this module stays free of Lingui's
 * macros, so code that reads only the pattern needs no catalogue. The phone pattern, shared with
 * other forms, is app/utils/phone.ts's.
 */

/** The checkout's email pattern: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
