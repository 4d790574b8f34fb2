// `npm run lighthouse`: Lighthouse (mobile preset) on /, /shop and a product page of the
// production build with the demo catalogue, driving Debian's Chromium headless. Prints the four
// category scores per page and exits non-zero when one misses its target.
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startProductionServer } from "./server-process.ts";

const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 } as const;

if (!fs.existsSync("build/server/index.js")) execSync("npx remix vite:build", { stdio: "inherit" });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-lighthouse-"));
const server = await startProductionServer(dataDir, { DEMO_DATA: "on", ADMIN_USERNAME: "lh", ADMIN_PASSWORD: "lighthouse-password" });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

let ok = true;
try {
  const shopHtml = await (await fetch(`${server.base}/shop`)).text();
  const productPath = shopHtml.match(/href="(\/shop\/product\/\d+)"/)?.[1];
  const pages = ["/", "/shop", ...(productPath ? [productPath] : [])];
  if (!productPath) {
    console.error("No product link found on /shop");
    ok = false;
  }
  for (const page of pages) {
    const result = await lighthouse(`${server.base}${page}`, { port: chrome.port, output: "json", logLevel: "error" });
    const categories = result?.lhr.categories ?? {};
    const scores = Object.entries(TARGETS).map(([id, target]) => {
      const score = Math.round((categories[id]?.score ?? 0) * 100);
      if (score < target) ok = false;
      return `${id} ${score}${score < target ? ` (target ${target}) ✗` : " ✓"}`;
    });
    console.log(`${page.padEnd(22)} ${scores.join(" · ")}`);
  }
} finally {
  chrome.kill();
  server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
