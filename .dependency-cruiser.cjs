/**
 * The house's import rules (README, "Map of the house"), checked by `npm test` (`npx depcruise`).
 * Types count: a type-only import ties a file to its target as much as any other.
 */

/**
 * The floors of the house, top to bottom (decision 048): a folder imports only folders on floors
 * below its own, never one beside it or above. Above them all stand the routes, the seed and the
 * files at app/'s top (root, entries, start-shop), which nothing on a floor imports; below them all
 * db/, which imports nothing of app/. The platform's folders are one floor: they may import each
 * other, within the finer rules for ui/ and utils/ below.
 */
const PLATFORM = "(platform|i18n|ui|utils|shell)";
const FLOORS = [
  ["checkout", "overview"],
  ["orders"],
  ["cart"],
  ["catalogue", "discounts"],
  ["settings", "staff"],
  [PLATFORM],
];
const TOP = ["^app/routes/", "^app/seed/", "^app/[^/]+\\.tsx?$"];

const floorRules = FLOORS.flatMap((floor, level) =>
  floor.map((folder) => ({
    name: `${folder === PLATFORM ? "platform" : folder}-imports-only-below`,
    severity: "error",
    comment: `app/${folder}/ stands on floor ${level + 1} of ${FLOORS.length} (top down): it imports no folder beside or above it.`,
    from: { path: `^app/${folder}/` },
    to: {
      path: [
        ...TOP,
        ...FLOORS.slice(0, level + 1)
          .flat()
          .filter((other) => other !== folder)
          .map((other) => `^app/${other}/`),
      ],
    },
  })),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...floorRules,
    {
      name: "db-imports-nothing-of-app",
      severity: "error",
      comment: "db/ holds the schema and migrations: tables know no domain, no page and no runtime.",
      from: { path: "^db/" },
      to: { path: "^app/" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "Files that import each other cannot be read, tested or moved one at a time.",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-only-through-the-build",
      severity: "error",
      comment: "server.ts reaches the app only through the server build (entry.server.tsx's exports).",
      from: { path: "^server\\.ts$" },
      to: { path: "^(app|db)/" },
    },
    {
      name: "browser-code-never-imports-server-code",
      severity: "error",
      comment:
        "Components, hooks and browser-safe files never import *.server.ts or db/, types included: " +
        "put a shared type in a browser-safe file of its domain. The one way into db/ is a column's " +
        "values (db/schema/*-enums.ts), plain constants that import nothing (next rule).",
      from: {
        path: "^app/",
        pathNot: ["\\.server\\.tsx?$", "^app/routes/", "^app/root\\.tsx$", "^app/entry\\.server\\.tsx$"],
      },
      to: { path: ["\\.server\\.tsx?$", "^db/"], pathNot: "^db/schema/[a-z-]+-enums\\.ts$" },
    },
    {
      name: "column-values-import-nothing",
      severity: "error",
      comment:
        "db/schema/*-enums.ts hold the values a column may hold, read by the tables and by browser " +
        "code alike: they import no file of the house, so nothing of the server rides along into a " +
        "page. (Packages are not cruised here: keep these files free of them too.)",
      from: { path: "^db/schema/[a-z-]+-enums\\.ts$" },
      to: { path: "." },
    },
    {
      name: "nothing-imports-a-route",
      severity: "error",
      comment: "Routes are the top floor: shared code lives in a domain, never in a route module.",
      from: { pathNot: "^app/routes\\.ts$" },
      to: { path: "^app/routes/" },
    },
    {
      name: "ui-primitives-know-no-domain",
      severity: "error",
      comment: "app/ui holds primitives any domain may use; they never import a domain.",
      from: { path: "^app/ui/" },
      to: { path: "^app/(catalogue|cart|checkout|orders|overview|settings|staff|shell|routes|api|platform)/" },
    },
    {
      name: "utils-are-pure",
      severity: "error",
      comment: "app/utils holds pure helpers: they import nothing else of the app.",
      from: { path: "^app/utils/" },
      to: { path: "^(app|db)/", pathNot: "^app/utils/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
    exclude: { path: ["^build/", "^node_modules/", "^tests/\\.tmp/"] },
  },
};
