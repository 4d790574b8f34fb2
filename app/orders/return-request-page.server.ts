import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, redirect } from "@remix-run/node";
import { answerIn } from "~/i18n/answers.ts";
import { i18nOfRequest } from "~/i18n/i18n.server.ts";
import { giveTrackingTryBack } from "~/platform/security/tracking-rate-limit.server.ts";
import type { Actor } from "~/platform/activity/activity-log.server.ts";
import type { Db } from "~/platform/db/db.server.ts";
import { RETURN_REQUEST_ANSWERS } from "./return-request-answers.ts";
import {
  approveReturn,
  receiveReturn,
  refuseReturn,
  requestReturn,
  ReturnRequestRefused,
} from "./return-request.server.ts";
import { returnRequestFormSchemaFor } from "./return-request-schema.ts";
import { refusedTrackingTry } from "./tracking-try.server.ts";

/**
 * 'Return an item' on the tracking page (its action): the phone the order was placed with is
 * checked first (a wrong one is told the order was not found, and counts against the tracking
 * lookups' limit); then the one rule, `requestReturn`, which `/api/order/requestReturn` uses too.
 * Stored: back to the page, which shows the request's state.
 */
export async function requestReturnFromTrackingPage({ request, params, context }: ActionFunctionArgs) {
  const i18n = i18nOfRequest(request);
  const submission = parseWithZod(await request.formData(), { schema: returnRequestFormSchemaFor(i18n) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refused = await refusedTrackingTry(context.clientAddress, i18n, submission);
  if (refused) return refused;
  try {
    requestReturn(context.db, params.id ?? "", {
      phone: submission.value.phone,
      items: submission.value.items.map((item) => ({
        productId: item.product,
        size: item.size,
        quantity: item.quantity,
      })),
      reason: submission.value.reason,
      note: submission.value.note,
    });
  } catch (error) {
    if (!(error instanceof ReturnRequestRefused)) throw error;
    if (error.status !== 404) await giveTrackingTryBack(context.clientAddress);
    return data(submission.reply({ formErrors: [answerIn(i18n, RETURN_REQUEST_ANSWERS, error.answer)] }), {
      status: error.status,
    });
  }
  await giveTrackingTryBack(context.clientAddress);
  return redirect(`${new URL(request.url).pathname}#return`);
}

/** The order dialog's return buttons, as its action parsed them. */
export type ReturnIntent =
  | { intent: "returnApprove" }
  | { intent: "returnRefuse"; note: string }
  | { intent: "returnReceive"; refund: number; lines: { line: number; restocked: number }[] };

/** Runs one of the order dialog's return buttons; the toast it ends with. Refusals throw as the models throw them. */
export function runReturnIntent(db: Db, publicId: string, input: ReturnIntent, actor: Actor) {
  switch (input.intent) {
    case "returnApprove":
      approveReturn(db, publicId, actor);
      return "Return approved";
    case "returnRefuse":
      refuseReturn(db, publicId, input.note, actor);
      return "Return refused";
    case "returnReceive":
      receiveReturn(
        db,
        publicId,
        { refundCents: input.refund, restocked: new Map(input.lines.map((line) => [line.line, line.restocked])) },
        actor,
      );
      return "Return received";
  }
}
