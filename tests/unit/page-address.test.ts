import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { canonicalAddress, isCataloguePage, pageAddress } from "~/platform/http/page-address.ts";

describe("a catalogue page's address", () => {
  it("drops the parameters no page reads: tracking parameters and made-up ones", () => {
    for (const tracking of ["fbclid=IwAR3x", "gclid=Cj0K", "utm_source=instagram", "ref=story", "msclkid=1", "x=1"])
      expect(pageAddress(`/shop?${tracking}`)).toBe("/shop");
    expect(pageAddress("/?fbclid=1&utm_medium=social&utm_campaign=eid")).toBe("/");
    expect(pageAddress("/ar/shop/product/12?gclid=abc")).toBe("/ar/shop/product/12");
    expect(pageAddress("/shop.data?fbclid=1&_routes=routes%2Fshop._index")).toBe(
      "/shop.data?_routes=routes%2Fshop._index",
    );
  });

  it("keeps every parameter the page reads, in one order and one encoding, repeated values in theirs", () => {
    expect(pageAddress("/shop?sort=price-asc&fbclid=1&search=mixer")).toBe("/shop?search=mixer&sort=price-asc");
    expect(pageAddress("/shop?grade=good&packaging=no-box&grade=like-new&category=kitchen&show=20&stock=in")).toBe(
      "/shop?category=kitchen&show=20&packaging=no-box&grade=good&grade=like-new&stock=in",
    );
    expect(pageAddress("/ar/shop?search=%D8%AE%D9%84%D8%A7%D8%B7&utm_source=x")).toBe(
      "/ar/shop?search=%D8%AE%D9%84%D8%A7%D8%B7",
    );
    expect(pageAddress("/shop?search=a%20b")).toBe(pageAddress("/shop?search=a+b"));
    expect(pageAddress("/shop/product/7?image=2&size=XL&ref=wa")).toBe("/shop/product/7?size=XL&image=2");
    expect(pageAddress("/?order=ABCD1234&fbclid=z")).toBe("/?order=ABCD1234");
  });

  it("leaves every other page's parameters as they are", () => {
    for (const target of [
      "/checkout?discount=SAVE10&fbclid=1",
      "/search/suggestions?q=mix",
      "/feeds/products.xml?lang=ar",
      "/admin/orders?order=12&page=2",
      "/api/product/search?q=kettle&limit=20&utm_source=x",
      "/condition-guide?fbclid=1",
      "/shop/product/abc?fbclid=1",
    ])
      expect(pageAddress(target)).toBe(target);
    expect(isCataloguePage("/cart")).toBe(false);
    expect(isCataloguePage("/shop/product/12.data")).toBe(true);
  });

  it("names the canonical link's parameters from the same table: only what makes a page to index", () => {
    expect(canonicalAddress("/shop", { category: "kitchen-appliances", sort: "price-asc" })).toBe(
      "/shop?category=kitchen-appliances",
    );
    expect(canonicalAddress("/ar/shop", { category: undefined })).toBe("/ar/shop");
    expect(canonicalAddress("/shop/product/3", { size: "XL" })).toBe("/shop/product/3");
    // Whatever the canonical keeps, the address keeps too: the canonical page is one the caches hold.
    expect(pageAddress("/shop?category=kitchen-appliances&fbclid=1")).toBe("/shop?category=kitchen-appliances");
  });

  it("holds every parameter the catalogue pages' loaders read", () => {
    // Each page's loader and what it parses the URL with; a new `.get("…")` there must join the table.
    const sources = [
      "app/root.tsx",
      "app/routes/_index.tsx",
      "app/routes/shop._index.tsx",
      "app/catalogue/shop-listing.server.ts",
      "app/routes/shop.product.$id.tsx",
    ].map((file) => fs.readFileSync(file, "utf8"));
    const read = new Set(
      sources.flatMap((source) =>
        [...source.matchAll(/(?:searchParams|params)\.(?:get|getAll|has)\("([^"]+)"\)/g)].map((match) => match[1]!),
      ),
    );
    expect(read.size).toBeGreaterThan(5);
    for (const name of read) {
      const kept = ["/", "/shop", "/shop/product/1"].some((path) => pageAddress(`${path}?${name}=v`) !== path);
      expect(kept, `${name} is read by a catalogue page but dropped from its address`).toBe(true);
    }
  });
});
