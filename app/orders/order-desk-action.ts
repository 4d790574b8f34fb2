import { z } from "zod";
import { driverNoteSchema, orderNoteSchema } from "./order-note-schema.ts";
import { receiveReturnFormSchema, refuseReturnSchema } from "./return-request-schema.ts";
import { blockedPhoneIntentSchema, returnSchema } from "./return-schema.ts";

/** The order dialog's forms (/admin/orders/$id): one schema for every button, and how each failure starts. */

/** The dialog's buttons, one schema: a note's text, or the status the page showed as next. */
export const orderDeskAction = z.discriminatedUnion("intent", [
  orderNoteSchema.extend({ intent: z.literal("note") }),
  driverNoteSchema.extend({ intent: z.literal("driverNote") }),
  z.object({ intent: z.literal("confirm") }),
  // `shipUnconfirmed`: "yes" once the admin was asked about shipping an unconfirmed order and said so.
  z.object({ intent: z.literal("advance"), status: z.string().optional(), shipUnconfirmed: z.string().optional() }),
  z.object({ intent: z.literal("cancel") }),
  returnSchema.extend({ intent: z.literal("return") }),
  ...blockedPhoneIntentSchema.options,
  z.object({ intent: z.literal("returnApprove") }),
  refuseReturnSchema.extend({ intent: z.literal("returnRefuse") }),
  receiveReturnFormSchema.extend({ intent: z.literal("returnReceive") }),
]);

/** The forms that come back as typed, with their errors, when refused. */
const TYPED_FORMS = ["note", "driverNote", "return", "block", "returnRefuse", "returnReceive"] as const;
export type TypedForm = (typeof TYPED_FORMS)[number];
export const typedForm = (intent: unknown): TypedForm | null =>
  TYPED_FORMS.includes(intent as TypedForm) ? (intent as TypedForm) : null;

export type Intent = z.output<typeof orderDeskAction>["intent"];

/** How a refused or failed change starts its message. */
export const FAILED: Record<Intent, string> = {
  note: "Error adding note",
  driverNote: "Error saving the note for the driver",
  confirm: "Error confirming order",
  advance: "Error updating order status",
  cancel: "Error cancelling order",
  return: "Error marking order as returned",
  block: "Error blocking number",
  unblock: "Error unblocking number",
  returnApprove: "Error approving the return",
  returnRefuse: "Error refusing the return",
  returnReceive: "Error recording the return",
};
