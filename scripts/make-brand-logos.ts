// Writes the 29 brand logos of the home page (public/brands/brand1.svg … brand29.svg): small
// wordmarks drawn locally, so the shop needs no image from another host. Run once; the files are
// committed. `node --import tsx scripts/make-brand-logos.ts`
import fs from "node:fs";
import path from "node:path";
import { BRAND_LOGO_COUNT, BRAND_NAMES } from "../app/catalogue/options.ts";
const COLOURS = [
  "#0b6357",
  "#1d5fb8",
  "#b42318",
  "#8a4b00",
  "#334155",
  "#6d28d9",
  "#067647",
  "#be185d",
  "#0f766e",
  "#1e293b",
];

function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const folder = path.resolve("public/brands");
fs.mkdirSync(folder, { recursive: true });
for (let i = 0; i < BRAND_LOGO_COUNT; i++) {
  const name = BRAND_NAMES[i]!;
  const colour = COLOURS[i % COLOURS.length]!;
  const mark =
    i % 3 === 0
      ? `<circle cx="22" cy="30" r="12" fill="${colour}"/>`
      : i % 3 === 1
        ? `<rect x="10" y="18" width="24" height="24" rx="5" fill="${colour}"/>`
        : `<path d="M10 42 22 16l12 26z" fill="${colour}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 60" width="160" height="60" role="img" aria-label="${escapeXml(name)}">${mark}<text x="42" y="36" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="${name.length > 9 ? 14 : 17}" font-weight="700" fill="#1e293b">${escapeXml(name)}</text></svg>\n`;
  fs.writeFileSync(path.join(folder, `brand${i + 1}.svg`), svg);
}
console.log(`Wrote ${BRAND_LOGO_COUNT} logos to ${folder}`);
