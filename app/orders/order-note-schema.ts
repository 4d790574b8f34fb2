import { z } from "zod";

export const NOTE_MAX_LENGTH = 1000;

/** An internal note on an order: the dialog's form (Conform and its action) and `order/addNote` share it. */
export const orderNoteSchema = z.object({
  text: z
    .string({ error: "Note is required" })
    .trim()
    .min(1, { error: "Note is required" })
    .max(NOTE_MAX_LENGTH, { error: `Note must be at most ${NOTE_MAX_LENGTH} characters` }),
});
