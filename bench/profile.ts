// `node --import tsx bench/profile.ts [path]`: where a fresh render's CPU goes. Starts the
// production server under `node --cpu-prof` with 1,000 products, loads the page with a cookie (the
// loaders run; the render memo answers unless PROFILE_NEW_URL=1) and gzip accepted, as a browser
// asks, then sums the profile's self time by what the code belongs to. BENCH_APP_DIR measures another checkout (a before/after comparison).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { migrateDatabase, openDatabase } from "../app/platform/db/db.server.ts";
import { LocalDiskStorage } from "../app/platform/files/storage.server.ts";
import { seedCategories } from "../app/seed/seed.server.ts";
import { startProductionServer } from "../scripts/server-process.ts";
import { newUrlEachRequest } from "./new-url-each-request.ts";
import { seedLargeCatalogue } from "./seed-catalogue.ts";

const page = process.argv[2] ?? "/shop";
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const APP_DIR = process.env.BENCH_APP_DIR ? path.resolve(process.env.BENCH_APP_DIR) : undefined;

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** First match wins: the groups the issue asks about, then the rest by package. */
const GROUPS: [string, RegExp][] = [
  ["garbage collection", /^\(garbage collector\)$/],
  ["idle", /^\(idle\)$/],
  ["React server render", /react-dom|\/react\//],
  ["Remix loader data serialisation (turbo-stream)", /turbo-stream/],
  ["Remix server runtime and router", /@remix-run|react-router/],
  ["SQLite (better-sqlite3) and Drizzle", /better-sqlite3|drizzle-orm/],
  ["compression (zlib)", /compression|node:zlib|zlib/],
  [
    "Express, helmet, morgan and other middleware",
    /express|helmet|morgan|body-parser|send|finalhandler|router|cookie|negotiator|on-finished|on-headers/,
  ],
  ["app code (loaders, models, components)", /\/build\/server\/|\/app\//],
  ["Node streams, http and other built-ins", /^node:|^internal/],
];

const SPECIAL = new Set(["(garbage collector)", "(idle)", "(program)", "(root)"]);

/** Native frames (a RegExp, a zlib call) count for the nearest JavaScript caller's group. */
function groupOf(node: ProfileNode, parentOf: Map<number, ProfileNode>) {
  let frame: ProfileNode | undefined = node;
  while (frame && !frame.callFrame.url && !SPECIAL.has(frame.callFrame.functionName)) frame = parentOf.get(frame.id);
  if (!frame || frame.callFrame.functionName === "(root)") return "native, no JavaScript caller";
  if (frame.callFrame.functionName === "(program)") return "V8 and native (program)";
  const key = frame.callFrame.url || frame.callFrame.functionName;
  for (const [name, pattern] of GROUPS) if (pattern.test(key)) return name;
  return "other JavaScript";
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-profile-"));
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cpu-prof-"));
const db = openDatabase(path.join(dataDir, "shop.db"));
migrateDatabase(db);
seedCategories(db);
const ids = await seedLargeCatalogue(
  db,
  Number(process.env.PROFILE_PRODUCTS ?? 1_000),
  new LocalDiskStorage(path.join(dataDir, "uploads")),
);
db.$client.close();
const url = page.replace(":id", String(ids[500]));
// PROFILE_NEW_URL=1 profiles a render itself: a URL never asked before each time, against a server with the
// page cache and the render memo off (CACHE_MEMORY_MB=0; see bench/new-url-each-request.ts for why both).
const newUrl = process.env.PROFILE_NEW_URL === "1";
const server = await startProductionServer(
  dataDir,
  {
    DEMO_DATA: "off",
    ADMIN_USERNAME: "bench",
    ADMIN_PASSWORD: "bench-password",
    ...(newUrl ? { CACHE_MEMORY_MB: "0" } : {}),
  },
  { cwd: APP_DIR, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] },
);
// PROFILE_ENCODING=none profiles what the benchmark asks (autocannon sends no Accept-Encoding).
const headers =
  process.env.PROFILE_ENCODING === "none"
    ? { Cookie: "bench=render" }
    : { Cookie: "bench=render", "Accept-Encoding": "gzip, br" };
const target = newUrl ? { url: server.base, ...newUrlEachRequest(url) } : { url: server.base + url };
await autocannon({ ...target, connections: 10, duration: 2, headers });
const result = await autocannon({ ...target, connections: 10, duration: DURATION_S, headers });
await server.stop();

const file = fs.readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"))!;
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, ProfileNode>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
const totals = new Map<string, number>();
profile.samples.forEach((id, index) => {
  const node = byId.get(id)!;
  const group = groupOf(node, parentOf);
  totals.set(group, (totals.get(group) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const busy = [...totals].filter(([name]) => name !== "idle").reduce((sum, [, micros]) => sum + micros, 0);
console.log(
  `${url} with a cookie: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${(busy / 1000 / result.requests.total).toFixed(2)} ms of CPU per request (whole run, warm-up included)`,
);
console.log("| where (self time) | share of busy CPU |\n|---|---|");
for (const [name, micros] of [...totals].filter(([group]) => group !== "idle").sort((a, b) => b[1] - a[1])) {
  console.log(`| ${name} | ${((micros / busy) * 100).toFixed(1)}% |`);
}
if (process.env.PROFILE_TOP) {
  // The heaviest frames themselves (a native frame named with its JavaScript caller's file).
  const frames = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    let caller: ProfileNode | undefined = node;
    while (caller && !caller.callFrame.url && !SPECIAL.has(caller.callFrame.functionName))
      caller = parentOf.get(caller.id);
    const key = `${node.callFrame.functionName || "(anonymous)"} ← ${caller?.callFrame.url.replace(/^.*node_modules\//, "") || caller?.callFrame.functionName}`;
    frames.set(key, (frames.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  for (const [key, micros] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP))) {
    console.log(`${((micros / busy) * 100).toFixed(1).padStart(5)}%  ${key}`);
  }
}
if (process.env.PROFILE_INCLUSIVE) {
  // Total time per function, its callees included (each function counted once per sample even when recursive).
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const seen = new Set<string>();
    for (let node = byId.get(id); node; node = parentOf.get(node.id)) {
      const { functionName, url: file } = node.callFrame;
      const key = `${functionName || "(anonymous)"} ← ${file.replace(/^.*node_modules\//, "").replace(/^.*\/build\//, "build/")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0));
    }
  });
  for (const [key, micros] of [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.PROFILE_INCLUSIVE))) {
    console.log(`${((micros / busy) * 100).toFixed(1).padStart(5)}%  ${key}`);
  }
}
fs.rmSync(dataDir, { recursive: true, force: true });
// PROFILE_KEEP=file keeps the profile (open it in Chrome's DevTools, or read its callers).
if (process.env.PROFILE_KEEP) fs.copyFileSync(path.join(profileDir, file), process.env.PROFILE_KEEP);
fs.rmSync(profileDir, { recursive: true, force: true });
