import { orderDeskCall } from "~/orders/order-desk-call.server.ts";
import { apiJson, methodNotAllowed, readJsonBody } from "~/platform/http/api-response.server.ts";
import { orderNoteSchema } from "~/orders/order-note-schema.ts";
import { actorFor } from "~/platform/activity/activity-log.server.ts";
import { addOrderNote, toApiNote } from "~/orders/order-desk.server.ts";

/** POST /api/order/addNote?id= with `{ "text": … }` (administrator): an internal note, 1 to 1000 characters. */
export const action = orderDeskCall(
  { call: "order/addNote", methods: ["POST"] },
  async ({ request, context, admin, id }) => {
    const { text } = await readJsonBody(request, orderNoteSchema);
    return apiJson({ note: toApiNote(addOrderNote(context.db, id, text, actorFor(admin, context))) }, { status: 201 });
  },
);

export const loader = methodNotAllowed(["POST"]);
