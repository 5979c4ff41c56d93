import path from "node:path";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * File names say what a file holds: React components in PascalCase (app/components), hooks as
 * useSomething, everything else in kebab-case. Suffixes such as .test, .spec, .server and .d are allowed.
 */
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const HOOK = /^use[A-Z][A-Za-z0-9]*$/;
const layout = {
  rules: {
    "file-names": {
      meta: { type: "suggestion", schema: [] },
      create(context) {
        const rel = path.relative(context.cwd, context.filename).split(path.sep).join("/");
        const base = path.basename(rel).replace(/(\.(test|spec|server|client|d))*\.(ts|tsx|mjs|js)$/, "");
        const inComponents = rel.startsWith("app/components/");
        const ok = HOOK.test(base) || (inComponents ? PASCAL.test(base) : KEBAB.test(base));
        return {
          Program(node) {
            if (!ok)
              context.report({
                node,
                message: inComponents
                  ? `Name components in PascalCase (or a hook useSomething): "${base}".`
                  : `Name files in kebab-case (or a hook useSomething): "${base}".`,
              });
          },
        };
      },
    },
  },
};

const pattern = (group, message) => ({ group, message });
const serverAppImports = {
  regex: "^(\\.\\./)+app/(?!schemas/|data/|lib/card$)",
  message: "server/ may import only app/schemas, app/data and app/lib/card from app/.",
};
const serverPatterns = [
  serverAppImports,
  pattern(["~/*"], "The server imports app/ by relative paths (the ~ alias is the browser build's)."),
  pattern(["**/scripts/**", "**/scripts"], "server/ must not import scripts/."),
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "react-hooks/set-state-in-effect": "off",
      // react-hook-form's handleSubmit is reported as a ref read (a known false positive)
      "react-hooks/refs": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  { files: ["**/*.{js,mjs}"], languageOptions: { globals: globals.node } },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs}", "tests/**/*.ts"],
    plugins: { layout },
    rules: { "layout/file-names": "error" },
  },
  // Import boundaries: the browser's code never reaches into the server or the command-line scripts.
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            pattern(["**/server/**", "**/server"], "app/ must not import server code."),
            pattern(["**/scripts/**", "**/scripts"], "app/ must not import scripts/ (command-line tools only)."),
          ],
        },
      ],
    },
  },
  // One Link (docs/decisions/0026): every page but the staff console is served as islands, where React Router
  // does not run; links are plain anchors and the location is the document's (~/lib/router). React Router is
  // imported only by the console, root.tsx and the server entry (its types anywhere: they leave no code).
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/routes/staff/**", "app/components/staff/**", "app/root.tsx", "app/entry.server.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              allowTypeImports: true,
              message:
                'Outside the staff console nothing runs React Router in the browser: import Link, NavLink, useLocation, useSearchParams and useNavigate from "~/lib/router".',
            },
          ],
          patterns: [
            pattern(["**/server/**", "**/server"], "app/ must not import server code."),
            pattern(["**/scripts/**", "**/scripts"], "app/ must not import scripts/ (command-line tools only)."),
          ],
        },
      ],
    },
  },
  // The server shares only the contract, the data and a few pure helpers with the browser's code.
  {
    files: ["server/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: serverPatterns,
        },
      ],
    },
  },
  // A route file (routes.ts or NAME-routes.ts in its domain's folder) is a plain plugin: it imports services,
  // never another route file. The staff console's scope (server/staff/routes.ts) registers the others' staff
  // routes, as server/app.ts registers the rest.
  {
    files: ["server/**/*routes.ts"],
    ignores: ["server/app.ts", "server/staff/routes.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.{1,2}/(.*/)?([a-z0-9]+-)*routes$",
              message: "A route file must not import another route file.",
            },
            ...serverPatterns,
          ],
        },
      ],
    },
  },
);
