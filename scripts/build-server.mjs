#!/usr/bin/env node
/**
 * `npm run build:server`: bundles the server (server/main.ts, with common/ and its npm
 * dependencies) into dist/server/main.js with Vite's SSR build (Rolldown), so that
 * `node dist/server/main.js` runs without TypeScript or tsx and loads a few files instead of
 * some 800 module files (start-up time). Packages that find files beside themselves (PGlite's
 * WebAssembly and extensions) or load a native binding stay in node_modules. The server reads
 * its own files on disk (web/dist, migrations, the common-password list) where they are in the
 * repository (server/paths.ts). docs/decisions/028-production-build.md.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

const ROOT = path.join(import.meta.dirname, "..");
/**
 * `--out DIR` writes the bundle elsewhere, two folders below the root as dist/server is (the
 * HTTP-level tests' server processes run one of their own: test/global-setup.ts).
 */
const outArg = process.argv.indexOf("--out");
const OUT =
  outArg > 0 ? path.resolve(ROOT, process.argv[outArg + 1]) : path.join(ROOT, "dist", "server");
const NAME = path.relative(ROOT, path.join(OUT, "main.js"));
const started = performance.now();

/** Loaded from node_modules at run time, not bundled: they read files beside themselves, or are native or optional. */
const EXTERNAL = [/^@electric-sql\/pglite(\/|$)/, /^@node-rs\/argon2(\/|$)/, /^pg-native$/];

await build({
  configFile: false,
  root: ROOT,
  logLevel: "warn",
  ssr: { noExternal: true, external: [] },
  build: {
    ssr: path.join(ROOT, "server", "main.ts"),
    outDir: OUT,
    emptyOutDir: true,
    target: "node20",
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    rolldownOptions: { external: EXTERNAL, output: { format: "esm", entryFileNames: "main.js" } },
  },
});

if (!existsSync(path.join(OUT, "main.js"))) {
  process.stderr.write(`build:server: ${NAME} was not written\n`);
  process.exit(1);
}
process.stdout.write(`build:server: ${NAME} in ${Math.round(performance.now() - started)} ms\n`);
