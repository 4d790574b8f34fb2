import { describe, expect, it } from "vitest";
import { isCrossSiteMutation } from "~/lib/cross-site.server.ts";

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
    expect(isCrossSiteMutation(facts({ method: "GET", path: "/api/order/updateOrder", secFetchSite: "cross-site" }))).toBe(true);
    expect(isCrossSiteMutation(facts({ method: "GET", path: "/api/order/cancelOrder", origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteMutation(facts({ method: "GET", path: "/shop", secFetchSite: "cross-site" }))).toBe(false);
  });
});
