import { defineConfig } from "vitest/config";
import { linguiPlugins } from "./lingui.vite.ts";

// Unit tests run the server modules directly; the Remix plugin is for the app build only.
export default defineConfig({
  plugins: linguiPlugins(),
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
