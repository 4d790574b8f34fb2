import { z } from "zod";

const idList = z.array(z.coerce.number().int().positive()).max(500);

/**
 * The products table's actions, one schema. A row's own buttons and the selection bar send
 * different intents, so the response fits what the admin did (one product, or a selection that may
 * hold one), not the count.
 */
export const productRowAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["confirm-hide", "confirm-delete", "hide", "unhide", "delete"]), ids: idList }),
  z.object({ intent: z.literal("confirm-delete-product"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("delete-product"), id: z.coerce.number().int().positive() }),
  z.object({
    intent: z.literal("set-hidden"),
    id: z.coerce.number().int().positive(),
    hidden: z.enum(["true", "false"]),
  }),
]);
