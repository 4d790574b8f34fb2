// `npm test`: type-check, lint and format check, import rules, the production build and the timed
// tests' databases side by side, then unit and HTTP tests (vitest), then browser tests (Playwright,
// JavaScript on and off).
// Ends with one line summed over both runners, `N passed, N failed`, which CI reads; exits 1 on any failure.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";

const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

/** Runs a step with its output kept apart, so steps running side by side print one after another. */
function runQuietly(title, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) =>
      resolve({ title, status: code ?? 1, output: Buffer.concat(output), seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
};

const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
fs.rmSync("test-results", { recursive: true, force: true });
fs.mkdirSync("test-results", { recursive: true });
let passed = 0;
let failed = 0;
let ok = true;

// The static checks read the sources only, the build writes build/ only and the timed tests'
// databases tests/.tmp/ only: none waits for another.
console.log("\n▶ Type-check, lint, format, import rules, production build and test databases (side by side)");
const steps = await Promise.all([
  runQuietly("Type-check (tsc)", "npx", ["tsc", "--noEmit"]),
  runQuietly("Lint (ESLint)", "npx", ["eslint", "."]),
  runQuietly("Format (Prettier)", "npx", ["prettier", "--check", ".", "--log-level", "warn"]),
  runQuietly("Import rules (dependency-cruiser: layers, no cycles, server.ts through the build)", "npx", [
    "depcruise",
    "app",
    "db",
    "server.ts",
    "--config",
    ".dependency-cruiser.cjs",
  ]),
  // The 100,000-row databases the time budgets run against (tests/support/large-databases.ts): seeded
  // here, beside the checks, instead of in vitest's first phase, where nothing else runs.
  runQuietly("Test databases at 100,000 rows", "node", ["--import", "tsx", "tests/support/large-databases.ts"]),
  runQuietly("Production build", "npx", ["remix", "vite:build"]),
]);
for (const step of steps) {
  const verdict = step.status === 0 ? "ok" : "FAILED";
  console.log(`\n▷ ${step.title}: ${verdict} (${step.seconds.toFixed(1)} s)`);
  // A passing step's chatter (the build's file list) is noise; a failing step's is the reason.
  if (step.status !== 0) process.stdout.write(step.output);
  if (step.status !== 0) {
    ok = false;
    failed += 1;
  }
}
const built = steps.at(-1).status === 0;

if (built) {
  // Unit and HTTP tests come after the build: some start the real production server.
  console.log(`\n▶ Unit and HTTP tests (vitest) at ${elapsed()}`);
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

  console.log(`\n▶ Browser tests (Playwright, JavaScript on and off) at ${elapsed()}`);
  const playwrightStatus = run("npx", ["playwright", "test"]);
  const playwright = readJson("test-results/playwright.json");
  if (playwright) {
    passed += playwright.stats.expected;
    failed += playwright.stats.unexpected + playwright.stats.flaky;
  }
  if (playwrightStatus !== 0) ok = false;
}

console.log(`\n▶ Done in ${elapsed()}`);
if (!ok && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
