import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { cspAllowingHashes, withScriptHashes } from "~/platform/render/inline-script-hashes.server.ts";
import { createRenderMemo } from "~/platform/render/render-memo.server.ts";
import { sha256 } from "../support/inline-scripts.ts";

const page = (text: string) =>
  `<!DOCTYPE html><html><body><p>${text}</p><script nonce="abc">window.a=1</script>` +
  `<script nonce="abc" src="/assets/x.js"></script><script type="module" nonce="abc">import "/e.js"</script></body></html>`;

describe("inline script hashes", () => {
  it("drops the nonces and names each inline script (not a src script) by its hash", () => {
    const { body, hashes } = withScriptHashes(page("x"));
    expect(body).not.toContain("nonce=");
    expect(hashes.sort()).toEqual([sha256("window.a=1"), sha256('import "/e.js"')].sort());
    expect(cspAllowingHashes("default-src 'self';script-src 'self' 'nonce-abc';object-src 'none'", hashes)).toBe(
      `default-src 'self';script-src 'self' ${hashes.join(" ")};object-src 'none'`,
    );
    expect(cspAllowingHashes("script-src 'self' 'nonce-abc'", [])).toBe("script-src 'self'");
  });
});

describe("the render memo", () => {
  it("keys a render by every part, and never lets two lists of parts share a key", () => {
    const memo = createRenderMemo();
    const key = memo.keyOf(["/shop", new TextEncoder().encode("[1]")]);
    expect(memo.keyOf(["/shop", new TextEncoder().encode("[1]")])).toBe(key);
    expect(memo.keyOf(["/shop", new TextEncoder().encode("[2]")])).not.toBe(key);
    expect(memo.keyOf(["/sho", "p[1]"])).not.toBe(memo.keyOf(["/shop", "[1]"]));
  });

  it("caches a page without its nonces and compresses it once per encoding asked for", () => {
    const memo = createRenderMemo();
    const key = memo.keyOf(["a"]);
    expect(memo.get(key)).toBeUndefined();
    const entry = memo.remember(key, page("cached"))!;
    expect(memo.get(key)).toBe(entry);
    const identity = new TextDecoder().decode(memo.body(entry, "identity"));
    expect(identity).toBe(page("cached").replaceAll(' nonce="abc"', ""));
    const br = memo.body(entry, "br");
    expect(zlib.brotliDecompressSync(br).toString("utf8")).toBe(identity);
    expect(memo.body(entry, "br")).toBe(br);
    expect(zlib.gunzipSync(memo.body(entry, "gzip")).toString("utf8")).toBe(identity);
  });

  it("stays within its byte budget, least recently used first, and never caches an outsized page", () => {
    const big = "x".repeat(400);
    const memo = createRenderMemo({ maxBytes: 2_000, maxEntryBytes: 1_000 });
    const keys = ["one", "two", "three", "four"].map((name) => memo.keyOf([name]));
    for (const key of keys.slice(0, 3)) memo.remember(key, page(big));
    memo.get(keys[0]!); // used: "two" is now the least recently used
    memo.remember(keys[3]!, page(big));
    expect(keys.map((key) => memo.get(key) !== undefined)).toEqual([true, false, true, true]);
    // Compressing an entry counts its new bytes too: room is made by dropping the least recently used.
    const entry = memo.get(keys[3]!)!;
    memo.get(keys[2]!);
    memo.body(entry, "gzip");
    memo.body(entry, "br");
    expect(keys.map((key) => memo.get(key) !== undefined)).toEqual([false, false, true, true]);
    expect(memo.get(keys[3]!)!.bodies.br).toBe(entry.bodies.br);

    const outsized = memo.keyOf(["outsized"]);
    expect(memo.remember(outsized, page("y".repeat(1_200)))).toBeUndefined();
    expect(memo.get(outsized)).toBeUndefined();
  });
});
