// `npm start` builds the app first when there is no production build yet.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const buildDir = process.env.BUILD_DIR ?? "build";

if (!existsSync(path.join(buildDir, "server/index.js")) || !existsSync(path.join(buildDir, "client"))) {
  console.log("No production build yet: building (about a minute)…");
  execSync("npx remix vite:build", { stdio: "inherit" });
}
