import sharp from "sharp";

/** Picks a stable hue from text, so a product's images look the same on every seed. */
function hueOf(text: string) {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Draws a demo product photo locally (no network): a tinted backdrop, an opened carton and the
 * product's name. `view` varies the angle between gallery images.
 */
export async function renderDemoProductImage(title: string, category: string, view: number): Promise<Buffer> {
  const hue = (hueOf(category) + view * 40) % 360;
  const words = title.split(" ");
  const lines =
    words.length > 2
      ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")]
      : [title];
  const tilt = [-6, 4, -2][view % 3];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="720" viewBox="0 0 900 900">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,92%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 30) % 360},45%,80%)"/>
    </linearGradient>
  </defs>
  <rect width="900" height="900" fill="url(#bg)"/>
  <ellipse cx="450" cy="700" rx="280" ry="40" fill="hsl(${hue},30%,60%)" opacity="0.35"/>
  <g transform="rotate(${tilt} 450 450)">
    <polygon points="250,380 450,300 650,380 450,460" fill="hsl(32,45%,72%)"/>
    <polygon points="250,380 450,460 450,690 250,610" fill="hsl(32,40%,58%)"/>
    <polygon points="650,380 450,460 450,690 650,610" fill="hsl(32,42%,50%)"/>
    <polygon points="250,380 180,300 380,220 450,300" fill="hsl(32,45%,80%)"/>
    <polygon points="650,380 720,300 520,220 450,300" fill="hsl(32,45%,66%)"/>
    <circle cx="450" cy="330" r="70" fill="hsl(${hue},60%,45%)"/>
  </g>
  ${lines
    .map(
      (line, i) =>
        `<text x="450" y="${130 + i * 70}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="58" font-weight="700" fill="hsl(${hue},40%,22%)">${escapeXml(line)}</text>`,
    )
    .join("\n  ")}
  <text x="450" y="800" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="34" fill="hsl(${hue},30%,30%)">${escapeXml(category)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
