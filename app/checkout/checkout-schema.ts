/**
 * The checkout's patterns, shared by other forms' schemas (settings, returns). The checkout form's
 * schema itself, with its messages in the page's language, is `checkoutSchemaFor` in
 * checkout-form-schema.ts: this module stays free of Lingui's macros, so code that reads only the
 * patterns needs no catalogue.
 */

/** Spec §5 "Checkout": the email pattern and the phone pattern (an optional + then digits, spaces, hyphens or parentheses). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^\+?[0-9\s()-]+$/;
