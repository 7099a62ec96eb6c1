import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/dist/**", "node_modules/**", ".tmp/**", "data/**", "test-results/**", "server/db/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
    },
  },
  { files: ["server/**", "test/**", "e2e/**", "scripts/**", "*.ts", "*.js", "*.mjs"], languageOptions: { globals: globals.node } },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ["web/**", "common/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["**/server/**"], message: "web and common never import server" }] }] },
  },
);
