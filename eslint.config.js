import { readdirSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

/** Every folder in web/src/features, read when lint starts: a new feature gets its zone without a config change. */
const features = readdirSync(path.join(root, "web/src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The boundaries of docs/decisions/027-one-shape-per-domain.md (as Bulletproof React's lint zones):
 * a feature imports no other feature except the shared asset layer features/assets, and never app/
 * or routes/; the shared floors (components/, lib/ with the key layer lib/keys, testing/) import
 * no feature, app/ or routes/, and lib/ no component; common/ imports neither side; web/ never
 * imports server/.
 */
const webZones = [
  ...features.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: "web/src/features",
    except: [...new Set([`./${feature}`, "./assets"])],
    message:
      "A feature imports no other feature except features/assets: compose them in routes/ (decision 027).",
  })),
  {
    target: "web/src/features",
    from: ["web/src/app", "web/src/routes"],
    message: "Features never import app/ or routes/ (decision 027).",
  },
  {
    target: ["web/src/components", "web/src/lib", "web/src/testing"],
    from: ["web/src/features", "web/src/app", "web/src/routes"],
    message:
      "Shared code (components/, lib/, testing/) imports no feature, app/ or routes/ (decision 027).",
  },
  {
    target: "web/src/lib",
    from: "web/src/components",
    message:
      "lib/ is the floor under components/: it imports no component (lib/keys has its UI in components/keys).",
  },
  { target: "web", from: "server", message: "web never imports server." },
  { target: "common", from: ["server", "web"], message: "common imports neither server nor web." },
];

/**
 * Server business code (services, queries, presenters, jobs, mail, keys...) never imports the HTTP
 * layer (server/http/). The HTTP layer is server/http/, the app (app.ts, main.ts), route modules
 * (routes.ts, *-routes.ts) and middleware (middleware.ts, *-middleware.ts, the session's in
 * server/sessions, and the actor and caller of server/auth). Tests exercise whichever layer they test.
 */
const httpLayer = [
  "server/http/**",
  "server/app.ts",
  "server/main.ts",
  "server/**/routes.ts",
  "server/**/*-routes.ts",
  "server/**/middleware.ts",
  "server/**/*-middleware.ts",
  "server/auth/actor.ts",
  "server/auth/caller-of.ts",
  "server/**/*.test.ts",
];
/**
 * Test doubles (web/src/testing/) are for tests: product code never imports them, so they never
 * reach the bundle. Only *.test.ts(x) files and testing/ itself may.
 */
const testingZone = {
  target: "web",
  from: "web/src/testing",
  message: "Only tests import web/src/testing/ (test doubles stay out of product code).",
};
const testFiles = ["web/**/*.test.{ts,tsx}", "web/src/testing/**"];

const httpZone = {
  target: "server",
  from: "server/http",
  message: "Business code does not import the HTTP layer (server/http/): decision 027.",
};

/**
 * The server's floors (docs/architecture.md, "Floors"): every file stands on one and imports only
 * its own floor or lower ones. kernel: the database, HTTP, mail, audit, limits, storage, blobs, metrics,
 * crypto, and every file at server/'s top but the wiring; identity: who is asking (the session,
 * the actor, the caller, passwords, keys, second factors); domains: every other folder of server/,
 * read when lint starts, so a new folder is a domain until it is named here; flows: what composes
 * several domains (registration, the jobs) and the wiring (app.ts, main.ts, services.ts).
 */
const serverFolders = readdirSync(path.join(root, "server"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const wiring = ["app", "main", "services"];
const floorFolders = {
  kernel: [
    "db",
    "http",
    "mail",
    "audit",
    "rate-limit",
    "storage",
    "blobs",
    "metrics",
    "crypto",
    "health",
  ],
  identity: ["auth", "keys", "sessions", "passkeys", "two-factor"],
  flows: ["flows", "jobs"],
};
const named = Object.values(floorFolders).flat();
const floors = {
  kernel: [
    ...floorFolders.kernel.map((folder) => `server/${folder}`),
    `server/!(${wiring.join("|")}).ts`,
  ],
  identity: floorFolders.identity.map((folder) => `server/${folder}`),
  domains: serverFolders
    .filter((folder) => !named.includes(folder))
    .map((folder) => `server/${folder}`),
  flows: [
    ...floorFolders.flows.map((folder) => `server/${folder}`),
    ...wiring.map((file) => `server/${file}.ts`),
  ],
};
const floorOrder = /** @type {const} */ (["kernel", "identity", "domains", "flows"]);
const floorZones = floorOrder.slice(0, -1).map((floor, i) => ({
  target: floors[floor],
  from: floorOrder.slice(i + 1).flatMap((higher) => floors[higher]),
  message: `The ${floor} floor imports only its own floor or lower ones (docs/architecture.md, Floors).`,
}));

/**
 * A folder's queries (queries.ts, *-queries.ts) are its own: another folder calls its service
 * (a function that says what it does), never its SQL.
 */
const queriesZones = [
  ...serverFolders.map((folder) => ({
    target: `server/${folder}`,
    from: "server/**/*queries*",
    except: [path.join(root, "server", folder, "**")],
    message: `server/${folder} reads no other folder's queries: call that folder's service (docs/architecture.md, Floors).`,
  })),
  {
    target: "server/*.ts",
    from: "server/**/*queries*",
    message: "A file at server/'s top reads no folder's queries: call its service.",
  },
];
/**
 * Inside a floor, the folders that reach one another stand in rows, lowest first (docs/architecture.md,
 * Floors): a row imports nothing of the rows above it on its floor, so no two folders import each
 * other, even file by file without a cycle (scripts/import-cycles.test.ts sees files, not folders). The kernel's
 * lowest row is what Deps is made of; deps.ts names it, and the HTTP layer (whose context carries
 * Deps) and what uses Deps stand above. A folder named in no row stands free on its floor.
 */
const topFiles = `!(${[...wiring, "deps"].join("|")}).ts`;
const rows = {
  kernel: [
    ["db", "crypto", "mail", "metrics", "blobs", topFiles],
    ["deps.ts"],
    ["http", "audit"],
    ["rate-limit", "storage", "health"],
  ],
  identity: [["sessions"], ["auth"], ["passkeys", "two-factor"], ["keys"]],
  domains: [["firm-codes"], ["firms"], ["clients"], ["release"]],
};
const rowName = (name) => (name === topFiles ? "server/'s top files" : name);
const rowZones = Object.entries(rows).flatMap(([floor, floorRows]) =>
  floorRows.slice(0, -1).map((row, i) => ({
    target: row.map((name) => `server/${name}`),
    from: floorRows.slice(i + 1).flatMap((higher) => higher.map((name) => `server/${name}`)),
    message: `On the ${floor} floor, ${row.map(rowName).join(", ")} imports nothing of the rows above it (docs/architecture.md, Floors).`,
  })),
);
const serverZones = [...floorZones, ...rowZones, ...queriesZones];

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "node_modules/**",
      ".tmp/**",
      "data/**",
      "test-results/**",
      "server/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
    },
  },
  {
    files: ["server/**", "test/**", "e2e/**", "scripts/**", "*.ts", "*.js", "*.mjs"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["web/**/*.{ts,tsx,js}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Import cycles: scripts/import-cycles.test.ts reads every file once (decision 110); the rule
  // import-x/no-cycle read each imported file again per file, 55 of lint's 150 seconds.
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["tsconfig.json", "web/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    files: ["web/**", "common/**"],
    rules: { "import-x/no-restricted-paths": ["error", { basePath: root, zones: webZones }] },
  },
  // Floors and queries for every server file but tests; besides, the HTTP rule for business code.
  {
    files: ["server/**"],
    ignores: ["server/**/*.test.ts"],
    rules: { "import-x/no-restricted-paths": ["error", { basePath: root, zones: serverZones }] },
  },
  {
    files: ["web/**"],
    ignores: testFiles,
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath: root, zones: [...webZones, testingZone] },
      ],
    },
  },
  {
    files: ["server/**"],
    ignores: httpLayer,
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath: root, zones: [...serverZones, httpZone] },
      ],
    },
  },
);
