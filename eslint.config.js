// ESLint flat config: typescript-eslint's recommended rules, the rules of hooks, and jsx-a11y,
// over the app, the server, the database code, the scripts and the tests.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", "test-results/", "playwright-report/", "tests/.tmp/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,cjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      // The two classic rules of hooks; v7's React Compiler rules assume React 19 and its compiler.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
      // Scrolling lists (the home carousels, the brand row) and labelled scroll regions take focus so
      // a keyboard can scroll them, as axe's scrollable-region-focusable asks.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: ["ul"], roles: ["tabpanel", "region"] }],
    },
  },
  {
    // CommonJS config files (dependency-cruiser reads .cjs).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, so `({}, use)` is its idiom.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
