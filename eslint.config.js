import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Any module under server/, by alias or by relative path. */
const SERVER_IMPORT = {
  group: ["@server/*", "**/server/**"],
  message: "server/ is server-only: move what the browser needs to app/lib (see docs/decisions/010-server-boundary.md).",
};

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "bench-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The server/ boundary (docs/decisions/010-server-boundary.md). Components and app/lib are shipped
  // to the browser: they import nothing from server/, not even a type (what they render lives in
  // app/lib). Other client code may borrow a server type, never a value.
  {
    files: ["app/components/**", "app/lib/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_IMPORT] }],
    },
  },
  {
    files: ["app/**/*.client.{ts,tsx}", "app/entry.client.tsx", "app/hooks/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ ...SERVER_IMPORT, allowTypeImports: true }] }],
    },
  },
  {
    files: [".dependency-cruiser.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable" } },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly" } },
  },
);
