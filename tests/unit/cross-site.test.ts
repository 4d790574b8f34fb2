import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { isCrossSiteMutation, routePath } from "~/platform/http/cross-site.server.ts";
import { loader as cancelOrderCall } from "~/routes/api.order.cancelOrder.ts";

const own = "http://localhost:3000";
const facts = (overrides: Partial<Parameters<typeof isCrossSiteMutation>[0]>) => ({
  method: "POST",
  path: "/cart",
  ownOrigin: own,
  origin: undefined,
  secFetchSite: undefined,
  ...overrides,
});

describe("isCrossSiteMutation", () => {
  it("refuses a POST from another origin or marked cross-site", () => {
    expect(isCrossSiteMutation(facts({ origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteMutation(facts({ origin: "null" }))).toBe(true);
    expect(isCrossSiteMutation(facts({ secFetchSite: "cross-site" }))).toBe(true);
    expect(isCrossSiteMutation(facts({ method: "DELETE", origin: "https://evil.example" }))).toBe(true);
  });

  it("allows same-origin posts and non-browser clients", () => {
    expect(isCrossSiteMutation(facts({ origin: own, secFetchSite: "same-origin" }))).toBe(false);
    expect(isCrossSiteMutation(facts({}))).toBe(false);
  });

  it("guards the two GET mutators but no other GET", () => {
    expect(
      isCrossSiteMutation(facts({ method: "GET", path: "/api/order/updateOrder", secFetchSite: "cross-site" })),
    ).toBe(true);
    expect(
      isCrossSiteMutation(facts({ method: "GET", path: "/api/order/cancelOrder", origin: "https://evil.example" })),
    ).toBe(true);
    expect(isCrossSiteMutation(facts({ method: "GET", path: "/shop", secFetchSite: "cross-site" }))).toBe(false);
  });
});

describe("routePath", () => {
  it("reads a path the way Remix matches it", () => {
    for (const path of [
      "/api/order/CANCELORDER",
      "/api/order/cancelOrder/",
      "/api/order/cancel%4Frder",
      "/api//order/cancelOrder",
      "/api/order/cancelOrder.data",
      "/api/order/cancelOrder/.data",
    ]) {
      expect(routePath(path), path).toBe("/api/order/cancelorder");
    }
    expect(routePath("/api/order/%E0%A4%A")).toBe("/api/order/%e0%a4%a");
  });

  it("guards the GET mutators however they are spelled", () => {
    expect(
      isCrossSiteMutation(facts({ method: "GET", path: "/api/order/update%4Frder", secFetchSite: "cross-site" })),
    ).toBe(true);
    expect(
      isCrossSiteMutation(facts({ method: "GET", path: "/api/order/CANCELORDER/", origin: "https://evil.example" })),
    ).toBe(true);
  });
});

describe("the order status calls themselves", () => {
  it("refuse another site even when the guard in server.ts is not in front of them", async () => {
    for (const headers of [{ "Sec-Fetch-Site": "cross-site" }, { Origin: "https://evil.example" }] as Record<
      string,
      string
    >[]) {
      const response = await cancelOrderCall({
        request: new Request(`${own}/api/order/cancelOrder?id=x`, { headers }),
        context: {} as AppLoadContext,
        params: {},
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "Cross-site request refused" });
    }
  });
});
