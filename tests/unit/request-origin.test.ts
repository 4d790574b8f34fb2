import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { requestOrigin } from "~/platform/http/request-origin.server.ts";

const request = (headers: Record<string, string>, encrypted = false) =>
  ({ headers, socket: { encrypted } }) as unknown as IncomingMessage;

describe("requestOrigin (the origin the loaders see, read before Express)", () => {
  it("reads the Host header and the socket", () => {
    expect(requestOrigin(request({ host: "shop.example:3000" }), false)).toBe("http://shop.example:3000");
    expect(requestOrigin(request({ host: "shop.example" }, true), false)).toBe("https://shop.example");
    // @remix-run/express finds no port in an IPv6 literal's host (it splits at the first colon); nor do we.
    expect(requestOrigin(request({ host: "[::1]:8080" }), false)).toBe("http://[::1]");
  });

  it("ignores a client's X-Forwarded-Proto and -Host without a trusted proxy, as Express does", () => {
    const forged = { host: "shop.example", "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" };
    expect(requestOrigin(request(forged), false)).toBe("http://shop.example");
  });

  it("takes the first value of our proxy's X-Forwarded-Proto and -Host when trusted", () => {
    const proxied = { host: "127.0.0.1:3000", "x-forwarded-proto": "https, http", "x-forwarded-host": "shop.example" };
    expect(requestOrigin(request(proxied), true)).toBe("https://shop.example:3000");
  });

  it("takes the port from X-Forwarded-Host, else Host, as @remix-run/express does", () => {
    expect(requestOrigin(request({ host: "shop.example:3000", "x-forwarded-host": "x:1" }), false)).toBe(
      "http://shop.example:1",
    );
  });
});
