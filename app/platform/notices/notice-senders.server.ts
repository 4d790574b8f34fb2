import crypto from "node:crypto";
import nodemailer from "nodemailer";

/** How long one send may take, so a hung receiver never holds the worker (or a shutdown) for long. */
const SEND_TIMEOUT_MS = 5_000;

/** The `X-Shop-Signature` value: `sha256=` and the hex HMAC-SHA256 of the exact body bytes. */
export function webhookSignature(body: string, secret: string) {
  return `sha256=${crypto.createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** POSTs a JSON body signed with the secret; throws unless the receiver responds 2xx. */
export async function postSignedJson(url: string, secret: string, body: string) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Shop-Signature": webhookSignature(body, secret) },
    body,
    redirect: "error",
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  // Drained so the connection can be reused; its content does not matter.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`The webhook responded ${response.status} ${response.statusText}`.trim());
}

/** A plain-text email, or a text and an HTML part of the same message (sent as multipart/alternative). */
export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** A mail sender for an `smtp://` or `smtps://` URL (user and password in the URL when needed). */
export function createMailSender(smtpUrl: string, from: string) {
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      connectionTimeout: SEND_TIMEOUT_MS,
      greetingTimeout: SEND_TIMEOUT_MS,
      socketTimeout: SEND_TIMEOUT_MS,
    },
    { from },
  );
  return {
    async send(message: MailMessage) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}
