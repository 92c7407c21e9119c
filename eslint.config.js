import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import tseslint from "typescript-eslint";

// An item's public address is built in one place, so every link, feed and sitemap agrees on it.
const handBuiltItemPath = {
  selector: "TemplateElement[value.raw=/\\/(deals|stores|categories|gift-ideas|buying-guides)\\/$/]",
  message: "Build an item's address with #app/lib/public-paths (dealPath, storePath, guidePath…).",
};
const bareZodString = {
  selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
  message: "Use text() from #app/lib/validation: it refuses what PostgreSQL cannot store.",
};

/** Public queries read content tables through publicRows(face), never the table itself. */
const publicQueries = "app/modules/**/*-public.server.ts";
const contentTableRead = {
  selector:
    "CallExpression[callee.property.name='from'][arguments.0.name=/^(deals|coupons|stores|categories|giftIdeas|buyingGuides)$/]",
  message: "Read a content table through publicRows(<type>Face): it applies the public-read rule.",
};

// The layers: lib ← kernel (modules/content-types) ← types ← catalogue and features ← components ← routes.
const typeFolders = ["deals", "coupons", "stores", "categories", "gift-ideas", "buying-guides"];
const featureFolders = [
  "catalogue",
  "feeds",
  "webhooks",
  "alerts",
  "newsletter",
  "analytics",
  "attention",
  "link-health",
  "calendar",
  "site-stats",
  "jobs",
  "mail",
  "amazon",
  "subscriptions",
];
/** Modules never import components or routes. */
// Patterns are regular expressions: in a group pattern, a leading "#" would start a comment.
const upward = { regex: "^#app/(components|routes)/", message: "Modules never import components or routes." };

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain-JavaScript scripts are type-checked by TypeScript (checkJs), which knows Node's globals.
  { files: ["**/*.mjs"], rules: { "no-undef": "off" } },
  // Imports in one order everywhere (packages, then #app, then relative), fixed by `eslint --fix`.
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "simple-import-sort": simpleImportSort },
    rules: { "simple-import-sort/imports": "error", "simple-import-sort/exports": "error" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through app/platform/env.server.ts." },
        // Each call builds a new formatter (0.15 ms a date): a page of them costs more than its queries.
        ...["toLocaleString", "toLocaleDateString", "toLocaleTimeString"].map((property) => ({
          property,
          message: "Format through the shared formatters in #app/lib/counts or #app/lib/dates.",
        })),
      ],
    },
  },
  // ESLint keeps one setting per rule for a file: each group below lists every syntax it restricts.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "app/lib/public-paths.ts", "app/modules/**", "app/routes/**"],
    rules: { "no-restricted-syntax": ["error", handBuiltItemPath] },
  },
  {
    files: ["app/modules/**/*.{ts,tsx}", "app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", publicQueries],
    rules: { "no-restricted-syntax": ["error", handBuiltItemPath, bareZodString] },
  },
  {
    files: [publicQueries],
    rules: { "no-restricted-syntax": ["error", handBuiltItemPath, bareZodString, contentTableRead] },
  },
  // The layers (docs/architecture.md): each file is in one group, which lists every import it may not make.
  {
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^#app/(?!lib/)", message: "lib imports nothing of ours but lib." }] },
      ],
    },
  },
  {
    files: ["app/modules/content-types/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^#app/modules/(?!content-types/)",
              message: "The kernel knows no type, feature or catalogue (ADR 0035).",
            },
            upward,
          ],
        },
      ],
    },
  },
  {
    files: typeFolders.map((folder) => `app/modules/${folder}/**/*.{ts,tsx}`),
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `^#app/modules/(${featureFolders.join("|")})/`,
              message: "A type builds on the kernel: the catalogue and the features build on types (ADR 0035).",
            },
            upward,
          ],
        },
      ],
    },
  },
  {
    // After the type folders' group, which it narrows for faces.
    files: ["app/modules/*/*.face.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^#app/(?!(lib/|db/schema|modules/content-types/))",
              message: "A face is pure data: the schema, lib and the kernel (ADR 0035).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/modules/**/*.{ts,tsx}"],
    ignores: [
      "**/*.test.ts",
      "app/modules/content-types/**",
      ...typeFolders.map((folder) => `app/modules/${folder}/**`),
    ],
    rules: { "no-restricted-imports": ["error", { patterns: [upward] }] },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "#app/db/database.server",
              message: "Reach the database through the request context (context.db).",
            },
          ],
        },
      ],
    },
  },
  {
    // Islands run on public pages, which React Router does not hydrate: there is no router there.
    files: ["app/islands/**/*.{ts,tsx}", "app/entry.islands.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              message: "Islands run without React Router (ADR 0026): use plain links and forms.",
            },
          ],
        },
      ],
    },
  },
  {
    // Outside the app (scripts, tests, the server entry) reading the environment is how they configure the app.
    files: ["app/platform/env.server.ts", "scripts/**", "tests/**", "server.ts", "vitest.config.ts", "**/*.test.ts"],
    rules: { "no-restricted-properties": "off" },
  },
);
