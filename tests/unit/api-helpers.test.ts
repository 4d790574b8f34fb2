import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiCall, ApiError, MAX_JSON_BYTES, readJsonBody, withApiErrors } from "~/platform/http/api-response.server.ts";

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://shop.test/api/x", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...headers },
  });

const schema = z.object({ shippingAddress: z.object({ email: z.email({ error: "Invalid email format" }) }) });
const context = { requestId: "req-1" } as AppLoadContext;

async function responseTo(request: Request) {
  const handler = withApiErrors(async ({ request }) => Response.json(await readJsonBody(request, schema)));
  const response = await handler({ request, context });
  return { status: response.status, body: await response.json(), cache: response.headers.get("Cache-Control") };
}

describe("API helpers", () => {
  it("parse a valid body", async () => {
    expect(await responseTo(post(JSON.stringify({ shippingAddress: { email: "a@b.co" } })))).toMatchObject({
      status: 200,
    });
  });

  it("respond 400 naming the field and the rule", async () => {
    expect(await responseTo(post(JSON.stringify({ shippingAddress: { email: "nope" } })))).toEqual({
      status: 400,
      body: { error: "shippingAddress.email: Invalid email format" },
      cache: "no-store",
    });
    expect((await responseTo(post("{not json"))).body).toEqual({ error: "Request body must be valid JSON" });
  });

  it("respond 413 for a body over 1 MB, declared or not", async () => {
    const big = JSON.stringify({ pad: "x".repeat(MAX_JSON_BYTES) });
    expect((await responseTo(post(big))).status).toBe(413);
    expect((await responseTo(post("{}", { "Content-Length": String(MAX_JSON_BYTES + 1) }))).status).toBe(413);
  });

  it("hide unexpected errors behind a request id", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const handler = withApiErrors(() => {
      throw new Error("database exploded at /secret/path");
    });
    const response = await handler({ request: post("{}"), context });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Internal error", requestId: "req-1" });
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("pass expected errors through with their status", async () => {
    const handler = withApiErrors(() => {
      throw new ApiError(409, "Order is already delivered");
    });
    const response = await handler({ request: post("{}"), context });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "Order is already delivered" });
  });
});

describe("apiCall, the opening of every /api/ call", () => {
  const refused = (status: 401 | 403, error: string) => Response.json({ error }, { status });
  const call = apiCall(
    {
      methods: ["POST"],
      caller: ({ request }) => {
        if (!request.headers.get("Authorization")) throw refused(401, "Authentication required");
        return "owner";
      },
      body: schema,
    },
    ({ caller, body }) => Response.json({ caller, email: body.shippingAddress.email }),
  );
  const answer = async (request: Request) => {
    const response = await call({ request, context, params: {} });
    return { status: response.status, body: await response.json(), allow: response.headers.get("Allow") };
  };
  const signedIn = { Authorization: "yes" };

  it("checks the method, then the caller, then the body, and hands the handler both", async () => {
    expect(await answer(new Request("http://shop.test/api/x", { method: "PUT", body: "{" }))).toEqual({
      status: 405,
      body: { error: "Method not allowed" },
      allow: "POST",
    });
    // A stranger's bad body is refused as a stranger: the body is read only for an allowed caller.
    expect((await answer(post("{not json"))).body).toEqual({ error: "Authentication required" });
    expect((await answer(post("{not json", signedIn))).body).toEqual({ error: "Request body must be valid JSON" });
    expect(await answer(post(JSON.stringify({ shippingAddress: { email: "a@b.co" } }), signedIn))).toMatchObject({
      status: 200,
      body: { caller: "owner", email: "a@b.co" },
    });
  });

  it("refuses another site only when the call asks it to (server.ts refuses the rest)", async () => {
    const fromElsewhere = (handler: ReturnType<typeof apiCall>) =>
      handler({
        request: new Request("http://shop.test/api/x", { headers: { "Sec-Fetch-Site": "cross-site" } }),
        context,
        params: {},
      });
    const guarded = await fromElsewhere(apiCall({ refuseOtherSites: true }, () => Response.json({ ok: true })));
    expect(guarded.status).toBe(403);
    expect(await guarded.json()).toEqual({ error: "Cross-site request refused" });
    expect((await fromElsewhere(apiCall({}, () => Response.json({ ok: true })))).status).toBe(200);
  });
});
