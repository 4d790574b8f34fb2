import { gzipSync } from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import { and, eq, gt, sql } from "drizzle-orm";
import { products } from "../../db/schema/index.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Page weight budgets, in gzip bytes of what a first visit downloads: the document,
 * the JavaScript it references (module scripts and modulepreloads) and its stylesheets (linked, or
 * inlined into a first visit's page: then counted both as CSS and inside the HTML).
 * Remix + React alone are about 86 KB, so shopper pages have room only for small islands.
 */
const KB = 1024;
const BUDGETS = {
  // Lingui's runtime fits inside these since the shopper's shared code rides in the
  // runtime chunk and Terser minifies the browser's code (vite.config.ts).
  "/": { js: 100 * KB, css: 20 * KB, html: 40 * KB },
  "/shop": { js: 100 * KB, css: 20 * KB, html: 40 * KB },
  product: { js: 100 * KB, css: 20 * KB, html: 40 * KB },
  "/cart": { js: 100 * KB, css: 20 * KB, html: 40 * KB },
  // zod and the form's schema load after the page (app/utils/lazy-validation.ts), so they are not counted here.
  "/checkout": { js: 110 * KB, css: 20 * KB, html: 40 * KB },
  // An Arabic page is its English twin and the Arabic catalogue (about 4.5 KB): 5 KB more at most.
  "/ar/shop": { js: 105 * KB, css: 20 * KB, html: 40 * KB },
  "/ar/checkout": { js: 115 * KB, css: 20 * KB, html: 40 * KB },
} as const;

const gzipBytes = (body: Buffer) => gzipSync(body, { level: 9 }).byteLength;

function referencedFiles(html: string) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const src = /\s(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src) continue;
    // Preloads are written inert until the page's load event (rel="modulepreload-after-load").
    if (tag.startsWith("<script") || /rel="modulepreload(?:-after-load)?"/.test(tag)) scripts.add(src);
    else if (/rel="stylesheet"/.test(tag)) styles.add(src);
  }
  // Remix imports the entry and route modules from an inline module script.
  for (const [, src] of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g))
    scripts.add(src!);
  return { scripts: [...scripts], styles: [...styles] };
}

async function measure(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const html = await response.body();
  const { scripts, styles } = referencedFiles(html.toString("utf8"));
  const total = async (files: string[]) => {
    let sum = 0;
    for (const file of files) sum += gzipBytes(await (await request.get(file)).body());
    return sum;
  };
  const inlineCss = [...html.toString("utf8").matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)]
    .map((match) => match[1]!)
    .join("");
  const css = (await total(styles)) + (inlineCss ? gzipBytes(Buffer.from(inlineCss)) : 0);
  return { js: await total(scripts), css, html: gzipBytes(html), scripts: scripts.length };
}

test.describe("page weight budgets", () => {
  test("shopper pages stay within their JavaScript, CSS and HTML budgets", async ({ request, db }, testInfo) => {
    // Weight does not depend on JavaScript being on in the test browser: measure once.
    test.skip(testInfo.project.name === "js-off", "measured once, in the js-on project");
    const product = db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isHidden, false), gt(products.stock, 0), sql`${products.sizes} = '[]'`))
      .limit(1)
      .get();
    expect(product, "the demo catalogue has a visible product").toBeTruthy();

    // A cart with one line, so /cart and /checkout are measured as a shopper sees them.
    await request.post("/cart", {
      form: { intent: "add", productId: String(product!.id), quantity: "1" },
      maxRedirects: 0,
    });

    const rows: string[] = [];
    const over: string[] = [];
    for (const [page, budget] of Object.entries(BUDGETS)) {
      const url = page === "product" ? `/shop/product/${product!.id}` : page;
      const weight = await measure(request, url);
      rows.push(
        `${page.padEnd(10)} JS ${(weight.js / KB).toFixed(1)} KB (${weight.scripts} files) · CSS ${(weight.css / KB).toFixed(1)} KB · HTML ${(weight.html / KB).toFixed(1)} KB`,
      );
      for (const kind of ["js", "css", "html"] as const) {
        if (weight[kind] > budget[kind])
          over.push(`${page} ${kind}: ${(weight[kind] / KB).toFixed(1)} KB > ${budget[kind] / KB} KB`);
      }
    }
    console.log(`Page weight (gzip):\n${rows.join("\n")}`);
    expect(over, `over budget:\n${rows.join("\n")}`).toEqual([]);
  });
});
