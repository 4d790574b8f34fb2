import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The patches in `patches/` are applied by patch-package at `npm install` (postinstall). A copy of
 * node_modules made before a patch was added, or a package reinstalled without the postinstall, runs
 * without it and nothing says so: the app still works, only slower (the router's patches) or
 * differently. Every line a patch adds must be in the installed file.
 */
const PATCHES = path.resolve("patches");

function addedLinesByFile(patch: string) {
  const files = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of patch.split("\n")) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line);
    if (target) files.set(target[1]!, (current = []));
    else if (current && line.startsWith("+") && line.slice(1).trim()) current.push(line.slice(1));
  }
  return files;
}

describe("the dependency patches", () => {
  const patches = fs.readdirSync(PATCHES).filter((name) => name.endsWith(".patch"));

  it("are there to check", () => {
    expect(patches.length).toBeGreaterThan(0);
  });

  it.each(patches)("%s is applied to node_modules", (name) => {
    const files = addedLinesByFile(fs.readFileSync(path.join(PATCHES, name), "utf8"));
    expect(files.size).toBeGreaterThan(0);
    for (const [file, added] of files) {
      const installed = fs.readFileSync(path.resolve(file), "utf8");
      const missing = added.filter((line) => !installed.includes(line));
      expect(missing, `${file}: lines the patch adds but the installed file lacks (run npx patch-package)`).toEqual([]);
    }
  });
});
