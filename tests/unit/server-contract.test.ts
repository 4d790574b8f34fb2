import { describe, expect, it } from "vitest";
import type { ShopEntry } from "../../server.ts";
import * as entry from "~/entry.server.tsx";

describe("the server build's entry module", () => {
  it("exports what server.ts starts, with the types server.ts expects", () => {
    // A compile-time check first (npm test type-checks tests): the entry satisfies server.ts's contract.
    const contract: ShopEntry = entry;
    expect(typeof contract.startShop).toBe("function");
  });
});
