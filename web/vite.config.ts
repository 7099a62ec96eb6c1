import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build, defineConfig, type Plugin } from "vite";
import { chunkClosure, PRELOADED_PAGES } from "../scripts/check-bundle.mjs";

/**
 * Text files that server/http/static.ts sends compressed (its COMPRESSIBLE_FILE). Not fonts: woff2 is
 * brotli inside already (decisions 025, 039).
 */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml|map)$/;

/** A build step over the written output folder, once the bundle is written (`hook`). */
function onOutput(
  name: string,
  hook: "writeBundle" | "closeBundle",
  run: (outDir: string) => void | Promise<void>,
): Plugin {
  let outDir = "";
  return {
    name: `legacy-vault:${name}`,
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    [hook]: () => run(outDir),
  };
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every built text file,
 * so that the server sends them without compressing at request time (decision 025).
 */
function precompress(): Plugin {
  return onOutput("precompress", "closeBundle", (outDir) => {
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
  });
}

/**
 * The common-password list, kept once in the repository (server/auth/common-passwords.txt.gz, the
 * server's COMMON_PASSWORDS_FILE in server/paths.ts). The browser checks a new password against it
 * before deriving anything from it (decision 038: the server only ever receives a derived value),
 * so the build copies it to web/dist/common-passwords.txt.gz as is (gzip, decompressed in the
 * browser: web/src/lib/common-passwords.ts) and the dev server answers it from the same file.
 */
const COMMON_PASSWORDS_FILE = path.join(
  import.meta.dirname,
  "..",
  "server",
  "auth",
  "common-passwords.txt.gz",
);
/** web/src/lib/common-passwords.ts fetches it from here. */
const COMMON_PASSWORDS_PATH = "/common-passwords.txt.gz";

function commonPasswords(): Plugin {
  return {
    name: "legacy-vault:common-passwords",
    configureServer(server) {
      server.middlewares.use(COMMON_PASSWORDS_PATH, (_req, res) => {
        res.setHeader("Content-Type", "application/gzip");
        res.end(readFileSync(COMMON_PASSWORDS_FILE));
      });
    },
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: COMMON_PASSWORDS_PATH.slice(1),
        source: readFileSync(COMMON_PASSWORDS_FILE),
      });
    },
  };
}

/** The one font file the first paint needs (index.css): Inter's basic Latin subset. */
const FIRST_PAINT_FONT = "inter-latin-wght-normal.woff2";

/**
 * Adds `<link rel="preload" as="font">` for FIRST_PAINT_FONT to the built index.html, so that it
 * downloads beside the JavaScript instead of after the stylesheet has been applied to rendered text
 * (decision 039). Fonts are fetched in CORS mode, hence `crossorigin` (same origin: no credentials
 * question), else the browser fetches the file twice. Fails the build if the file is not emitted.
 */
function preloadFont(): Plugin {
  return {
    name: "legacy-vault:preload-font",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const font = Object.values(ctx.bundle ?? {}).find(
          (file) =>
            file.type === "asset" &&
            file.originalFileNames.some((n) => n.endsWith(FIRST_PAINT_FONT)),
        );
        if (!font) throw new Error(`the build emitted no ${FIRST_PAINT_FONT} (web/src/index.css)`);
        return [
          {
            tag: "link",
            attrs: {
              rel: "preload",
              href: `/${font.fileName}`,
              as: "font",
              type: "font/woff2",
              crossorigin: "",
            },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

const ALIASES = {
  "@": path.join(import.meta.dirname, "src"),
  "@common": path.join(import.meta.dirname, "..", "common"),
};

/** Where the prerender entry is built for Node: under node_modules, so that its imports of React & co. resolve. */
const PRERENDER_DIR = path.join(import.meta.dirname, "..", "node_modules", ".cache", "prerender");

/**
 * The markup of each of `pages` (paths), rendered in Node at build time (decision 058): Vite builds
 * src/prerender.tsx for Node (its dependencies stay in node_modules), then each page renders with
 * a static router at its path, nobody signed in. No browser is needed.
 */
async function prerenderPages(pages: string[]): Promise<Map<string, string>> {
  rmSync(PRERENDER_DIR, { recursive: true, force: true });
  await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: "warn",
    plugins: [react()],
    resolve: { alias: ALIASES },
    build: {
      ssr: path.join(import.meta.dirname, "src", "prerender.tsx"),
      outDir: PRERENDER_DIR,
      emptyOutDir: true,
      minify: false,
    },
  });
  const entry = pathToFileURL(path.join(PRERENDER_DIR, "prerender.js")).href;
  const { prerenderPage } = (await import(entry)) as {
    prerenderPage: (page: string) => Promise<string>;
  };
  const markup = new Map<string, string>();
  for (const page of pages) markup.set(page, await prerenderPage(page));
  rmSync(PRERENDER_DIR, { recursive: true, force: true });
  return markup;
}

/**
 * Writes dist/pages/<name>.html for each of PRELOADED_PAGES (scripts/check-bundle.mjs): index.html
 * with the screen's markup prerendered into `#root` (decision 058), `data-prerendered` naming its
 * path for main.tsx, which hydrates it, and its module script replaced by public/start-app.js,
 * which starts the entry chunk once the page has painted, with a `<link rel="modulepreload">` for
 * every chunk of the page's screen that the entry does not load already (its `data-preload`).
 * Without the preloads the screen's chunks are requested only once the entry chunk has run, a
 * chain of round trips (decision 054); without the markup nothing paints before the JavaScript has
 * run, and JavaScript fetched before the first paint delays it (issue 13's Lighthouse LCP).
 * server/http/static.ts sends such a page for its path; every other path gets index.html.
 * Runs in writeBundle, before precompress() (closeBundle) compresses the pages too.
 */
function pagePreloads(): Plugin {
  return onOutput("page-preloads", "writeBundle", async (outDir) => {
    type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
    const manifest = JSON.parse(
      readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8"),
    ) as Manifest;
    const html = readFileSync(path.join(outDir, "index.html"), "utf8");
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entry) throw new Error("the manifest has no entry chunk");
    const loaded = chunkClosure(manifest, entry);
    const markup = await prerenderPages(Object.keys(PRELOADED_PAGES));
    const root = '<div id="root"></div>';
    if (!html.includes(root)) throw new Error(`index.html has no empty ${root}`);
    const entryScript = /<script type="module" crossorigin src="(\/[^"]+)"><\/script>/;
    const entryFile = entryScript.exec(html)?.[1];
    if (!entryFile) throw new Error("index.html has no module script");
    mkdirSync(path.join(outDir, "pages"), { recursive: true });
    for (const [page, source] of Object.entries(PRELOADED_PAGES)) {
      const preloads = [...chunkClosure(manifest, source)]
        .filter((key) => !loaded.has(key))
        .map((key) => `/${manifest[key]?.file}`);
      // The page paints from its markup; its JavaScript starts after that paint (start-app.js).
      const startApp = `<script src="/start-app.js" data-entry="${entryFile}" data-preload="${preloads.join(" ")}" defer></script>`;
      writeFileSync(
        path.join(outDir, "pages", `${page.slice(1)}.html`),
        html
          .replace(entryScript, () => startApp)
          .replace(
            root,
            () => `<div id="root" data-prerendered="${page}">${markup.get(page) ?? ""}</div>`,
          ),
      );
    }
  });
}

/** What Rolldown tells a chunk's `name` function about a module (its ChunkingContext). */
type ModuleGraph = {
  getModuleInfo: (id: string) => {
    importedIds: readonly string[];
    importers: readonly string[];
    dynamicImporters: readonly string[];
  } | null;
};

/** A module's static imports, recursively, with the module itself. */
function staticClosure(graph: ModuleGraph, id: string, seen = new Set<string>()): Set<string> {
  if (seen.has(id)) return seen;
  const info = graph.getModuleInfo(id);
  if (!info) throw new Error(`the build has no module ${id}`);
  seen.add(id);
  for (const imported of info.importedIds) staticClosure(graph, imported, seen);
  return seen;
}

/** The app's own modules (web/src, common), not a dependency's. */
const isAppModule = (id: string) => !id.includes(`${path.sep}node_modules${path.sep}`);

/**
 * Which chunk an app module goes to (decision 077). A first page (PRELOADED_PAGES) loads at most three
 * chunks: the entry (`index`), its screen's own chunk, and `first-pages`. Each further file would
 * cost it its HTTP headers (about 450 bytes) against the 100 KB budget, and Rolldown, left alone,
 * makes a chunk of every small module that several screens share (the auth layout, common/auth, a
 * form's field, the theme toggle).
 * - `index`: what the entry loads statically, and what every first page's screen needs (the theme
 *   toggle and the logo of every page's frame), so that /welcome loads nothing but its screen.
 * - `first-pages`: the rest of what a first page's screen needs that other screens use too: the
 *   guest pages' frame and words, the form's fields. A screen that uses one of these modules loads
 *   this chunk too (3 KB, cached). What only one screen uses stays in that screen's chunk.
 * Only the app's modules are placed: a group takes the dependencies its modules use, unless a group
 * before it took them (`index` first), and a dependency's re-exports (lucide-react's index names
 * every icon) would say more than the modules use. Every other module is left to Rolldown.
 */
function firstPageChunks() {
  let chunkOf: Map<string, string> | undefined;
  const place = (graph: ModuleGraph): Map<string, string> => {
    const entry = staticClosure(graph, path.join(import.meta.dirname, "index.html"));
    const screens = Object.values(PRELOADED_PAGES).map((source) =>
      path.join(import.meta.dirname, source),
    );
    const parts = screens.map((screen) => {
      const closure = [...staticClosure(graph, screen)].filter(
        (m) => isAppModule(m) && !entry.has(m),
      );
      // The screen's own modules: those that only the screen and its own modules import, and
      // none lazily (Rolldown puts them in the screen's chunk).
      const own = new Set([screen]);
      for (let isGrowing = true; isGrowing;) {
        isGrowing = false;
        for (const m of closure) {
          const info = graph.getModuleInfo(m);
          if (own.has(m) || !info || info.dynamicImporters.length) continue;
          if (info.importers.every((importer) => own.has(importer))) {
            own.add(m);
            isGrowing = true;
          }
        }
      }
      return closure.filter((m) => !own.has(m));
    });
    const everyPage = parts.reduce((all, some) => all.filter((m) => some.includes(m)));
    return new Map([
      ...parts.flat().map((m): [string, string] => [m, "first-pages"]),
      ...[...entry, ...everyPage].filter(isAppModule).map((m): [string, string] => [m, "index"]),
    ]);
  };
  const group = (name: string, priority: number) => ({
    name: (id: string, graph: ModuleGraph) => {
      chunkOf ??= place(graph);
      return chunkOf.get(id) === name ? name : null;
    },
    priority,
    debugName: name,
  });
  return [group("index", 2), group("first-pages", 1)];
}

const API = process.env.API_URL ?? "http://localhost:3000";

export default defineConfig({
  root: path.join(import.meta.dirname),
  plugins: [
    react(),
    tailwindcss(),
    commonPasswords(),
    preloadFont(),
    pagePreloads(),
    precompress(),
  ],
  resolve: { alias: ALIASES },
  server: { port: 5173, proxy: { "/api": API, "/dev": API } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    manifest: true,
    // Everything the entry loads statically stays one chunk. Left alone, Rolldown splits it into several
    // (react, react-router, query-core...) as lazy screens share them, and each file is compressed
    // and sent with its headers on its own: about 3 KB more on every first visit, against the 100 KB
    // budget of the first pages. The first pages' own parts make one chunk more (firstPageChunks).
    rolldownOptions: {
      output: {
        codeSplitting: { groups: firstPageChunks() },
      },
    },
  },
});
