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

export const DRIVER_NOTE_MAX_LENGTH = 300;

/**
 * The order's note for the driver, printed on its delivery slip: the dialog's form (Conform and its
 * action) shares it. Empty clears the note (null).
 */
export const driverNoteSchema = z.object({
  driverNote: z
    .string()
    .trim()
    .max(DRIVER_NOTE_MAX_LENGTH, { error: `Note for the driver must be at most ${DRIVER_NOTE_MAX_LENGTH} characters` })
    .optional()
    .transform((value) => (value ? value : null)),
});
