/** What the cart hands to components (browser-safe). */

/** What the cart action returns to an enhanced (JavaScript) form: whether it was done, and the message to show. */
export type CartActionAnswer = { ok: boolean; message: string | null };
