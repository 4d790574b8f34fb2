import { createHash } from "node:crypto";

/** The text of each inline script of a page (not those with a src), in order. */
export const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes, content]) => !/\ssrc=/.test(attributes!) && content)
    .map((match) => match[2]!);

/** A CSP hash source for a script's text. */
export const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
