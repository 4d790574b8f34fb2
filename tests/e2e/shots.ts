import path from "node:path";

/**
 * Where a spec's screenshots for a person to look at go, or undefined: no test compares them, so
 * they are taken only when SCREENSHOT_DIR is set (`SCREENSHOT_DIR=/tmp/shots npx playwright test
 * tests/e2e/returns.spec.ts`), into SCREENSHOT_DIR/<topic>. A full-page capture, often at two
 * widths with a re-layout for each, is Chromium work no check needs on every run.
 * screenshots.spec.ts takes its set on every run, for the report.
 */
export function shotsDir(topic: string) {
  const root = process.env.SCREENSHOT_DIR;
  return root ? path.join(root, topic) : undefined;
}
