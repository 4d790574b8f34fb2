import type { CompiledMessage } from "@lingui/message-utils/compileMessage";

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * English is the source language and stays written in the code (the macros keep each message's
 * text, decision 044), so no English catalogue is shipped: Lingui reads the source message itself,
 * through this compiler. The shop's messages use only `{name}` placeholders (and `<0>` tags, which
 * `Trans` reads after), so this is all of ICU they need; `tests/unit/arabic-catalogue.test.ts`
 * proves it gives what Lingui's own compiler (7 KB in a browser) gives, for every message.
 */
export function compileSourceMessage(message: string): CompiledMessage {
  const tokens: CompiledMessage = [];
  let last = 0;
  for (const match of message.matchAll(PLACEHOLDER)) {
    if (match.index > last) tokens.push(message.slice(last, match.index));
    tokens.push([match[1]!]);
    last = match.index + match[0].length;
  }
  if (last < message.length || tokens.length === 0) tokens.push(message.slice(last));
  return tokens;
}
