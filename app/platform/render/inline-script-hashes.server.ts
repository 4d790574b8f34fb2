import crypto from "node:crypto";

/**
 * A page cached to be sent again (the page cache, the render memo) cannot carry one response's CSP
 * nonce: its inline scripts are allowed by their SHA-256 hashes instead (decision 022), which allow
 * exactly these scripts and nothing injected, with no rewrite of the body per response.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const NONCE_ATTRIBUTE = / nonce="[^"]*"/g;

/**
 * The page without its nonces, and the `'sha256-…'` source of each distinct inline script, whatever
 * its type: Remix's module script is written inert (`type="module-after-load"`) and run later as a
 * copy of the same text (decision 030), which only its hash, taken here, allows.
 */
export function withScriptHashes(html: string) {
  const body = html.replace(NONCE_ATTRIBUTE, "");
  const hashes = new Set<string>();
  for (const [, attributes, content] of body.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(attributes!) || !content) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return { body, hashes: [...hashes] };
}

/** The policy with its nonce source replaced by these hashes (with none, no inline script runs). */
export function cspAllowingHashes(csp: string, hashes: string[]) {
  return csp.replace(/\s*'nonce-[^']*'/, hashes.length ? ` ${hashes.join(" ")}` : "");
}
