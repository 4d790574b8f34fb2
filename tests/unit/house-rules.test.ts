import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The sizes the house keeps to (README, "Map of the house"): a file a person can hold in their head.
 * Import rules (layers, cycles, server.ts through the build) are dependency-cruiser's, in npm test.
 */
const MAX_LINES = { file: 400, route: 250 };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

const lineCount = (file: string) => fs.readFileSync(file, "utf8").split("\n").length;

describe("the house", () => {
  const files = sourceFiles("app");

  it(`has no file in app/ over ${MAX_LINES.file} lines`, () => {
    expect(files.filter((file) => lineCount(file) > MAX_LINES.file)).toEqual([]);
  });

  it(`has no route over ${MAX_LINES.route} lines`, () => {
    const routes = files.filter((file) => file.startsWith(path.join("app", "routes") + path.sep));
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((file) => lineCount(file) > MAX_LINES.route)).toEqual([]);
  });

  it("keeps no random suffix on SQL objects, and names Remix's render internals in one module each", () => {
    const mentioning = (pattern: RegExp) => files.filter((file) => pattern.test(fs.readFileSync(file, "utf8")));
    expect(mentioning(/randomBytes\([^)]*\)\.toString\("hex"\)[\s\S]*create temp trigger/)).toEqual([]);
    expect(mentioning(/streamCache/).length).toBeLessThanOrEqual(1);
    expect(mentioning(/modulepreload-after-load/).length).toBeLessThanOrEqual(1);
  });
});
