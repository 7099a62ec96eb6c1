import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

/** Text files that server/http/static.ts sends compressed (its COMPRESSIBLE_FILE). */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml|map)$/;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every built text file,
 * so that the server sends them without compressing at request time (decision 025).
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "legacy-vault:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE_FILE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        if (path.relative(outDir, file).startsWith(".vite")) continue;
        const bytes = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

const API = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  root: path.join(import.meta.dirname),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: {
      "@": path.join(import.meta.dirname, "src"),
      "@common": path.join(import.meta.dirname, "..", "common"),
    },
  },
  server: { port: 5173, proxy: { "/api": API, "/dev": API } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    manifest: true,
    // Everything the entry loads statically stays one chunk. Left alone, Rolldown splits it into several
    // (react, react-router, query-core...) as lazy screens share them, and each file gzips on its own:
    // about 3 KB more on every first visit, against the 100 KB budget of /welcome and /login.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: "index", tags: ["$initial"] }] } },
    },
  },
});
