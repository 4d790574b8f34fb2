import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer();

const get = (path: string, init?: RequestInit) => fetch(server.base + path, init);

describe("GET /api/category/getCategories", () => {
  it("returns the category tree with string ids and parent ids", async () => {
    const response = await get("/api/category/getCategories");
    expect(response.status).toBe(200);
    const categories = (await response.json()) as {
      _id: string;
      Name: string;
      parentId: string | null;
      slug: string;
      code: string;
    }[];
    const women = categories.find((category) => category.Name === "Women")!;
    const beauty = categories.find((category) => category.Name === "Beauty Care")!;
    expect(women).toMatchObject({ slug: "beauty-care-women", code: "BCW", parentId: beauty._id });
    expect(beauty.parentId).toBeNull();
    expect(typeof women._id).toBe("string");
  });
});

describe("unknown /api/ paths and cross-site requests", () => {
  it("respond 404 JSON for an unknown call, whatever the method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await get("/api/product/doesNotExist", { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Unknown API call: /api/product/doesNotExist" });
    }
  });

  it("name a call in any letter case, trailing slashes ignored; anything else under it is unknown", async () => {
    for (const path of [
      "/api/CATEGORY/getcategories",
      "/api/category/getCategories/",
      "/API/Category/GetCategories//",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.json(), path).toContainEqual(expect.objectContaining({ Name: "Women" }));
    }
    const wrongMethod = await get("/api/Product/GetVisible/", { method: "POST" });
    expect(wrongMethod.status).toBe(405);
    for (const path of ["/api/category/getCategories/extra", "/api/category", "/api/", "/api"]) {
      const response = await get(path, { method: "POST" });
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ error: `Unknown API call: ${path}` });
    }
  });

  it("refuse a cross-site POST and the GET mutators from another site with 403", async () => {
    const post = await get("/api/order/createOrder", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: "{}",
    });
    expect(post.status).toBe(403);
    const mutatingGet = await get("/api/order/updateOrder?id=x", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(mutatingGet.status).toBe(403);
    expect(await mutatingGet.json()).toEqual({ error: "Cross-site request refused" });
  });
});
