import type { I18n } from "@lingui/core";
import { data } from "@remix-run/node";
import { takeTrackingTry, TooManyTrackingTries } from "~/platform/security/tracking-rate-limit.server.ts";
import { trackingMessages } from "./tracking.server.ts";

/**
 * Takes one of the address's tries at an order's number and phone (the tracking lookup and the
 * return form share them). Answers null when a try was left, else the form's 429: the wait in the
 * page's language as a form error, and `Retry-After`.
 */
export async function refusedTrackingTry<Reply>(
  address: string,
  i18n: I18n,
  submission: { reply: (options: { formErrors: string[] }) => Reply },
) {
  try {
    await takeTrackingTry(address);
    return null;
  } catch (error) {
    if (!(error instanceof TooManyTrackingTries)) throw error;
    return data(submission.reply({ formErrors: [trackingMessages(i18n).tooManyTries(error.retryAfterSeconds)] }), {
      status: 429,
      headers: { "Retry-After": String(Math.ceil(error.retryAfterSeconds)) },
    });
  }
}
