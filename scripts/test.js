// `npm test`: type-check, lint and format check, import rules, production build, unit and HTTP tests (vitest), browser tests (Playwright).
// Ends with one line summed over both runners, `N passed, N failed`, which CI reads.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
};

fs.rmSync("test-results", { recursive: true, force: true });
fs.mkdirSync("test-results", { recursive: true });
let passed = 0;
let failed = 0;
let ok = true;

console.log("\n▶ Type-check");
if (run("npx", ["tsc", "--noEmit"]) !== 0) {
  ok = false;
  failed += 1;
}

console.log("\n▶ Lint (ESLint) and format (Prettier)");
if (run("npx", ["eslint", "."]) !== 0) {
  ok = false;
  failed += 1;
}
if (run("npx", ["prettier", "--check", ".", "--log-level", "warn"]) !== 0) {
  ok = false;
  failed += 1;
}

console.log("\n▶ Import rules (dependency-cruiser: layers, no cycles, server.ts through the build)");
if (run("npx", ["depcruise", "app", "db", "server.ts", "--config", ".dependency-cruiser.cjs"]) !== 0) {
  ok = false;
  failed += 1;
}

console.log("\n▶ Production build");
if (run("npx", ["remix", "vite:build"]) !== 0) {
  ok = false;
  failed += 1;
} else {
  // Unit and HTTP tests come after the build: some start the real production server.
  console.log("\n▶ Unit tests (vitest)");
  const vitestStatus = run("npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    "--outputFile=test-results/vitest.json",
  ]);
  const vitest = readJson("test-results/vitest.json");
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
  }
  if (vitestStatus !== 0) ok = false;

  console.log("\n▶ Browser tests (Playwright, JavaScript on and off)");
  const playwrightStatus = run("npx", ["playwright", "test"]);
  const playwright = readJson("test-results/playwright.json");
  if (playwright) {
    passed += playwright.stats.expected;
    failed += playwright.stats.unexpected + playwright.stats.flaky;
  }
  if (playwrightStatus !== 0) ok = false;
}

if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
