import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; html: string; raw: string };

/**
 * A real SMTP server on 127.0.0.1 that parses what it receives (envelope, subject, text, HTML and the
 * raw message). It can stop and start again on its port, as a mail server that goes down and comes back.
 */
export function smtpReceiver(port: number) {
  const mails: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disableReverseLookup: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            const raw = Buffer.concat(chunks);
            simpleParser(raw).then(
              (parsed) => {
                mails.push({
                  to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
                  subject: parsed.subject ?? "",
                  text: parsed.text ?? "",
                  html: typeof parsed.html === "string" ? parsed.html : "",
                  raw: raw.toString("utf8"),
                });
                callback();
              },
              (error: Error) => callback(error),
            );
          });
        },
      });
      await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    },
    async stop() {
      if (!server) return;
      const closing = server;
      server = undefined;
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}

/** An `smtpReceiver` already listening. */
export async function startSmtpReceiver(port: number) {
  const receiver = smtpReceiver(port);
  await receiver.start();
  return receiver;
}
