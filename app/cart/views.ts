/** What the cart hands to components (browser-safe). */

/** What the cart action returns to an enhanced (JavaScript) form: whether it was done, and the message to show. */
export type CartActionAnswer = { ok: boolean; message: string | null };

/**
 * The discount code in the cart, checked again on every render: what it takes off (0 when it does
 * not apply) and, when it does not apply, the reason why, shown beside the field.
 */
export type CartDiscount = { code: string; discountCents: number; message: string | null };
