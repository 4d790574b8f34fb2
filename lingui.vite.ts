import { lingui } from "@lingui/vite-plugin";
import type { PluginOption } from "vite";
import babel from "vite-plugin-babel";

/**
 * Lingui in Vite, for the app build and for vitest alike: Babel runs Lingui's macro plugin over the
 * app's own files that import a macro (TypeScript and JSX are parsed and printed back as they are,
 * for Remix's and esbuild's later steps), and the Lingui plugin compiles a `.po` catalogue when it
 * is imported. Everything else skips Babel.
 */
const IMPORTS_A_MACRO = /from\s+["']@lingui\/(?:core|react)\/macro["']/;

export function linguiPlugins(): PluginOption[] {
  const macros = babel({
    enforce: "pre",
    include: /\/app\/.*\.tsx?$/,
    filter: (id) => !id.includes("/node_modules/"),
    babelConfig: {
      babelrc: false,
      configFile: false,
      parserOpts: { plugins: ["typescript", "jsx"] },
      // Each message keeps its English text in production too: English pages need no catalogue.
      plugins: [["@lingui/babel-plugin-lingui-macro", { stripMessageField: false }]],
    },
  });
  // Babel only where a macro is imported: most of the app's files have none.
  const transformWithBabel = macros.transform as (code: string, id: string) => unknown;
  macros.transform = function (code: string, id: string) {
    return IMPORTS_A_MACRO.test(code) ? transformWithBabel.call(this, code, id) : undefined;
  } as typeof macros.transform;
  return [macros, lingui()];
}
