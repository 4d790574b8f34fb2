// `npm start` builds the app first when there is no production build yet.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server/index.js") || !existsSync("build/client")) {
  console.log("No production build yet: building (about a minute)…");
  execSync("npx remix vite:build", { stdio: "inherit" });
}
