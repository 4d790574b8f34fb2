import { describe, expect, it } from "vitest";
import { apiClient, jsonBody, png } from "../support/api-client.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer({ signedIn: true });
const { call, upload } = apiClient(
  () => server.base,
  () => server.cookie,
);

type ApiProduct = Record<string, unknown> & { _id: string; image_link: string[] };

async function uploadedUrls(count = 1) {
  const files = await Promise.all(
    Array.from({ length: count }, async (_, index) => ({
      name: `c${index}.png`,
      data: await png(index ? "#e9c46a" : "#264653"),
    })),
  );
  const response = await upload(...files);
  expect(response.status).toBe(201);
  return ((await response.json()) as { urls: string[] }).urls;
}

const base = (title: string, overrides: Record<string, unknown> = {}) => ({
  Title: title,
  price: 40,
  Description: `${title} for the condition tests`,
  Category: "Tools",
  quantity: 3,
  ...overrides,
});

async function add(title: string, overrides: Record<string, unknown> = {}) {
  const image_link = (overrides.image_link as string[] | undefined) ?? (await uploadedUrls());
  const response = await call("/api/product/addProduct", {
    method: "POST",
    admin: true,
    ...jsonBody({ ...base(title, overrides), image_link }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { product: ApiProduct }).product;
}

/** A page's HTML without React's text separators ("(<!-- -->2<!-- -->)" reads "(2)"). */
async function html(path: string) {
  const response = await fetch(server.base + path);
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}

const shopHtml = (query: string) => html(`/shop?${query}`);

/** The Filters panel's count beside a label, e.g. "Damaged box" → 2 (the panel is rendered twice: desktop and phone drawer). */
function facetCount(html: string, label: string) {
  const match = new RegExp(
    `<span class="flex-1">${label}</span><span [^>]*class="tabular[^"]*">\\((\\d+)\\)</span>`,
  ).exec(html);
  return match ? Number(match[1]) : null;
}

describe("the open-box condition through /api/", () => {
  it("gives an added product the contract's defaults and returns them on public and admin calls", async () => {
    const product = await add("Plainbox Sander");
    expect(product).toMatchObject({
      packaging: "open-box",
      grade: "like-new",
      conditionNotes: "",
      inTheBox: [],
      imageCaptions: [""],
      oldPrice: null,
    });
    const publicAnswer = (await (await call(`/api/product/getProductById?id=${product._id}`)).json()) as {
      prod: ApiProduct;
    };
    expect(publicAnswer.prod).toMatchObject({
      packaging: "open-box",
      grade: "like-new",
      conditionNotes: "",
      inTheBox: [],
      imageCaptions: [""],
    });
  });

  it("stores what addProduct and edit are given, captions parallel to image_link", async () => {
    const urls = await uploadedUrls(2);
    const product = await add("Scuffed Grinder", {
      image_link: urls,
      packaging: "damaged-box",
      grade: "very-good",
      conditionNotes: "Missing the original charger; a generic one is included",
      inTheBox: ["Grinder", " Generic charger ", ""],
      imageCaptions: ["", "Scuff on the left side"],
      oldPrice: 55,
    });
    expect(product).toMatchObject({
      packaging: "damaged-box",
      grade: "very-good",
      conditionNotes: "Missing the original charger; a generic one is included",
      inTheBox: ["Grinder", "Generic charger"],
      imageCaptions: ["", "Scuff on the left side"],
      oldPrice: 55,
    });
    const edited = await call(`/api/product/edit?id=${product._id}`, {
      method: "PUT",
      admin: true,
      ...jsonBody({
        ...base("Scuffed Grinder"),
        image_link: [...product.image_link].reverse(),
        packaging: "no-box",
        grade: "good",
        imageCaptions: ["Scuff, close up"],
      }),
    });
    expect(edited.status).toBe(200);
    const { product: after } = (await edited.json()) as { product: ApiProduct };
    // Omitted fields take the contract's defaults, as every field of the spec's whole-payload edit does.
    expect(after).toMatchObject({
      packaging: "no-box",
      grade: "good",
      conditionNotes: "",
      inTheBox: [],
      oldPrice: null,
    });
    // The images keep their order; each caption went to the image it was sent beside.
    expect(after.image_link).toEqual(product.image_link);
    expect(after.imageCaptions).toEqual(["", "Scuff, close up"]);
  });

  it("refuses each bad value with 400 naming the field, and stores nothing", async () => {
    const urls = await uploadedUrls();
    const cases: [Record<string, unknown>, string][] = [
      [{ packaging: "mint" }, "packaging: must be one of open-box, damaged-box, no-box"],
      [{ grade: "new" }, "grade: must be one of like-new, very-good, good"],
      [{ conditionNotes: "x".repeat(1001) }, "conditionNotes: must be at most 1000 characters"],
      [{ conditionNotes: 7 }, "conditionNotes: must be text"],
      [{ inTheBox: Array.from({ length: 21 }, (_, index) => `Part ${index}`) }, "inTheBox: at most 20 items"],
      [{ inTheBox: ["y".repeat(81)] }, "inTheBox.0: each item must be at most 80 characters"],
      [{ inTheBox: "Charger" }, "inTheBox: must be a list of texts"],
      [{ imageCaptions: ["z".repeat(121)] }, "imageCaptions.0: each caption must be at most 120 characters"],
      [{ imageCaptions: ["a", "b"] }, "imageCaptions: has more captions than image_link has images"],
      [{ oldPrice: 40 }, "oldPrice: must be more than the price"],
      [{ oldPrice: 30 }, "oldPrice: must be more than the price"],
      [{ oldPrice: "fifty" }, "oldPrice: Please enter a valid price new"],
    ];
    for (const [overrides, error] of cases) {
      const response = await call("/api/product/addProduct", {
        method: "POST",
        admin: true,
        ...jsonBody({ ...base("Refused Planer", overrides), image_link: urls }),
      });
      expect(response.status, error).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
    const listed = (await (await call("/api/product/search?q=Refused%20Planer")).json()) as
      { products?: unknown[] } | unknown[];
    expect(JSON.stringify(listed)).not.toContain("Refused Planer");
  });
});

describe("the shop's condition filters", () => {
  it("narrow the listing, count each value in SQL, ignore unknown values, and combine with a search", async () => {
    const word = `Facet${Date.now().toString(36)}`;
    await add(`${word} Damaged Drill`, { packaging: "damaged-box", grade: "very-good" });
    await add(`${word} Damaged Saw`, { packaging: "damaged-box", grade: "good" });
    await add(`${word} Open Saw`, { packaging: "open-box", grade: "like-new" });
    await add(`${word} Nobox Saw`, { packaging: "no-box", grade: "very-good", Category: "Home Appliances" });

    const all = await shopHtml("");
    const total = Number(/Showing 1-\d+ of (\d+) Products/.exec(all)![1]);
    expect(await shopHtml("packaging=mint&grade=shiny")).toContain(`of ${total} Products`);

    const listed = async (query: string) => Number(/of (\d+) Products/.exec(await shopHtml(query))?.[1] ?? 0);
    const damaged = await shopHtml("packaging=damaged-box");
    expect(damaged).toContain("Showing 1-2 of 2 Products");
    // Packaging counts keep the (absent) grade filter: each is what picking that packaging lists.
    expect(facetCount(damaged, "Damaged box")).toBe(2);
    expect(facetCount(damaged, "Open box")).toBe(await listed("packaging=open-box"));
    expect(facetCount(damaged, "No box")).toBe(await listed("packaging=no-box"));
    expect(facetCount(all, "Open box")! + facetCount(all, "Damaged box")! + facetCount(all, "No box")!).toBe(total);
    // Grade counts are within damaged-box.
    expect(facetCount(damaged, "Very good")).toBe(1);
    expect(facetCount(damaged, "Good")).toBe(1);
    expect(facetCount(damaged, "Like new")).toBe(0);

    const both = await shopHtml("packaging=damaged-box&packaging=no-box&grade=very-good");
    expect(both).toContain("Showing 1-2 of 2 Products");
    expect(both).toContain(`${word} Damaged Drill`);
    expect(both).toContain(`${word} Nobox Saw`);
    expect(both).not.toContain(`${word} Damaged Saw`);

    const inCategory = await shopHtml("category=home-appliances&grade=very-good");
    expect(inCategory).toContain("Showing 1-1 of 1 Products");
    expect(facetCount(inCategory, "No box")).toBe(1);
    expect(facetCount(inCategory, "Damaged box")).toBe(0);

    const searched = await shopHtml(`search=${word}&grade=very-good&sort=name`);
    expect(searched).toContain("Showing 1-2 of 2 Products");
    expect(facetCount(searched, "Damaged box")).toBe(1);
    expect(facetCount(searched, "Open box")).toBe(0);
    expect(facetCount(searched, "Good")).toBe(1);
    expect(searched.indexOf(`${word} Damaged Drill`)).toBeLessThan(searched.indexOf(`${word} Nobox Saw`));
  });

  it("lets a search find a product by its condition notes", async () => {
    const note = `Chargerless${Date.now().toString(36)}`;
    await add("Quiet Jigsaw", { conditionNotes: `${note}: the original charger is missing` });
    const html = await shopHtml(`search=${note}`);
    expect(html).toContain("Quiet Jigsaw");
  });
});

describe("the price new", () => {
  it("shows nothing struck through and no badge without one", async () => {
    const product = await add(`Nodiscount${Date.now().toString(36)} Vise`, { price: 40 });
    const card = await shopHtml(`search=${encodeURIComponent(String(product.Title))}`);
    const page = await html(`/shop/product/${product._id}`);
    for (const html of [card, page]) {
      expect(html).toContain("$40.00");
      expect(html).not.toContain("<s ");
      expect(html).not.toMatch(/>-\d+%</);
      expect(html).not.toContain("You save");
      expect(html).not.toContain("$48.00");
    }
  });

  it("shows $50.00 struck through, -20% and 'You save $10.00 (20%)' for 40 against 50", async () => {
    const product = await add(`Discounted${Date.now().toString(36)} Clamp`, { price: 40, oldPrice: 50 });
    const card = await shopHtml(`search=${encodeURIComponent(String(product.Title))}`);
    const page = await html(`/shop/product/${product._id}`);
    for (const html of [card, page]) {
      expect(html).toMatch(/<s [^>]*><span class="sr-only">Price new <\/span><bdi dir="ltr">\$50\.00<\/bdi><\/s>/);
      expect(html).toContain(">-20%<");
    }
    // Amounts sit in <bdi> (left-to-right inside Arabic text); the sentence reads the same.
    expect(page.replace(/<\/?bdi[^>]*>/g, "")).toContain("You save $10.00 (20%)");
    expect(page).toContain('"itemCondition":"https://schema.org/UsedCondition"');
    expect(page).toContain("Condition: Open box, Like new.");
  });

  it("invents 1.2 × the price only while the owner turns that on in Settings, Pricing", async () => {
    const product = await add(`Invented${Date.now().toString(36)} Plane`, { price: 40 });
    const setPricing = (on: boolean) =>
      fetch(`${server.base}/admin/settings`, {
        method: "POST",
        headers: { Cookie: server.cookie },
        body: new URLSearchParams({ intent: "pricing", ...(on ? { inventOldPrice: "on" } : {}) }),
        redirect: "manual",
      });
    expect((await setPricing(true)).status).toBe(302);
    const invented = await html(`/shop/product/${product._id}`);
    expect(invented).toMatch(/<s [^>]*><span class="sr-only">Price new <\/span><bdi dir="ltr">\$48\.00<\/bdi><\/s>/);
    expect((await setPricing(false)).status).toBe(302);
    const honest = await html(`/shop/product/${product._id}`);
    expect(honest).not.toContain("$48.00");
    expect(honest).not.toContain("<s ");
  });
});
