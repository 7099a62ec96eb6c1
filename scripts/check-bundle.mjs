#!/usr/bin/env node
/**
 * The JavaScript budget (README, "Test it"; decisions 004, 025 and 077): a first visit to /welcome,
 * /login or /register transfers at most 100 KB of JavaScript, as the browser (and Lighthouse)
 * counts it: every script response's body and its HTTP headers. Counts what the browser fetches for
 * the page: the scripts of its prepared page (web/dist/pages/<name>.html), the entry chunk it
 * starts, the route's lazy chunk, and every chunk they import statically (recursively). A body is
 * the precompressed `file.br` that the build writes beside each file and that
 * server/http/static.ts sends to a browser accepting brotli (the gzip column, `file.gz`, is what a
 * browser without brotli gets); each response adds RESPONSE_HEADER_BYTES for its status line and
 * headers, which e2e/bundle-budget.e2e.ts checks against the real server's.
 * Prints the table always; exits 1 when a page is over budget. Runs after `vite build`.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const BUDGET_BYTES = 100 * 1024;

/**
 * What one script response costs beyond its body: its status line and headers, as this server
 * sends a static file over HTTP/1.1 (about 425 bytes for theme.js, 455 for a chunk: the security
 * headers of decision 077, cache, encoding, length, request id, date, keep-alive). A header added to
 * static files shows in e2e/bundle-budget.e2e.ts, which fails when a response's headers exceed it.
 */
export const RESPONSE_HEADER_BYTES = 480;

/** Pages under budget, and the source file of the screen each one lazy-loads. */
export const BUDGET_PAGES = {
  "/welcome": "src/routes/welcome.tsx",
  "/login": "src/routes/login.tsx",
  "/register": "src/routes/register.tsx",
};

/**
 * A chunk key of Vite's manifest plus every chunk it imports statically, recursively, in load
 * order (the build's page preloads, web/vite.config.ts, use it too).
 */
export function chunkClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) chunkClosure(manifest, imported, seen);
  return seen;
}

/**
 * Pages whose first visit the build prepares: web/dist/pages/<name>.html is index.html plus a
 * `<link rel="modulepreload">` for each chunk of the page's screen, so that the browser fetches them
 * beside the entry chunk instead of after it has run, and the screen's markup prerendered into
 * `#root` (decision 058), which paints before any JavaScript has run (web/vite.config.ts,
 * pagePreloads; served by server/http/static.ts). The budgeted pages, the first pages a person sees.
 */
export const PRELOADED_PAGES = BUDGET_PAGES;

const DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "web", "dist");

/** The size of the precompressed file (`.br` or `.gz`) beside `file`, which the build must have written. */
function precompressedSize(distDir, file, suffix) {
  const compressed = path.join(distDir, file + suffix);
  if (!existsSync(compressed))
    throw new Error(
      `${path.relative(process.cwd(), compressed)} is missing: the build precompresses every text file (web/vite.config.ts, precompress)`,
    );
  return statSync(compressed).size;
}

/** A prepared page's HTML (web/dist/pages/<name>.html), which server/http/static.ts sends for `page`. */
function preparedPage(distDir, page) {
  const file = path.join(distDir, "pages", `${page.slice(1)}.html`);
  if (!existsSync(file))
    throw new Error(
      `${path.relative(process.cwd(), file)} is missing: the build prepares it (web/vite.config.ts, pagePreloads)`,
    );
  return readFileSync(file, "utf8");
}

/**
 * What a prepared page loads (web/vite.config.ts, pagePreloads): its classic scripts (`<script
 * src>`: theme.js, start-app.js), and what start-app.js starts once the page has painted: the
 * entry chunk (`data-entry`) and the screen's chunks it preloads (`data-preload`). Paths under dist.
 */
export function pageScripts(html) {
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const startApp =
    /<script src="\/start-app\.js" data-entry="\/([^"]+)" data-preload="([^"]*)"/.exec(html);
  return {
    scripts,
    entry: startApp?.[1],
    preloads: (startApp?.[2] ?? "")
      .split(" ")
      .filter(Boolean)
      .map((href) => href.slice(1)),
  };
}

/** Fails unless `page`'s prepared page starts the manifest's entry chunk (not one of an older build). */
function checkStartsEntry(page, html, manifest, entryKey) {
  const { entry } = pageScripts(html);
  if (entry !== manifest[entryKey].file)
    throw new Error(
      `${page}'s prepared page does not start the manifest's entry chunk ${manifest[entryKey].file}`,
    );
}

/**
 * For each budgeted page: the JavaScript files it loads initially (paths under dist, e.g.
 * "assets/index-abc.js") with raw, brotli and gzip sizes, and the total transferred: each file's
 * brotli body and RESPONSE_HEADER_BYTES (`bodies`: the bodies alone). The files are the prepared
 * page's own scripts, the entry chunk, the page's screen chunk and every chunk they import
 * statically.
 */
export function measurePages(distDir = DIST) {
  const manifestFile = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile))
    throw new Error(
      `${path.relative(process.cwd(), manifestFile)} is missing: run \`npm run build\` (web/vite.config.ts needs build.manifest: true)`,
    );
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error("web/dist/.vite/manifest.json has no entry chunk");

  const closure = (key, seen) => chunkClosure(manifest, key, seen);

  return Object.entries(BUDGET_PAGES).map(([page, source]) => {
    if (!manifest[source])
      throw new Error(
        `manifest has no chunk for ${source} (the screen of ${page}): was it renamed?`,
      );
    const html = preparedPage(distDir, page);
    checkStartsEntry(page, html, manifest, entryKey);
    const { scripts } = pageScripts(html);
    const keys = closure(source, closure(entryKey));
    const files = new Set([...scripts, ...[...keys].map((k) => manifest[k].file)]);
    const rows = [...files].map((file) => {
      const raw = statSync(path.join(distDir, file)).size;
      return {
        file,
        raw,
        br: precompressedSize(distDir, file, ".br"),
        gzip: precompressedSize(distDir, file, ".gz"),
      };
    });
    const bodies = rows.reduce((sum, r) => sum + r.br, 0);
    return {
      page,
      rows,
      bodies,
      total: bodies + rows.length * RESPONSE_HEADER_BYTES,
      rawTotal: rows.reduce((sum, r) => sum + r.raw, 0),
    };
  });
}

/**
 * What a prepared page's body holds after its `<div id="root" data-prerendered="<page>">` (the
 * screen's prerendered markup, then the app's own elements), or undefined without such a root.
 */
export function prerenderedMarkup(html, page) {
  const open = `<div id="root" data-prerendered="${page}">`;
  const start = html.indexOf(open);
  return start < 0 ? undefined : html.slice(start + open.length, html.indexOf("</body>"));
}

/**
 * Fails unless each of PRELOADED_PAGES has its prepared HTML (web/dist/pages/<name>.html), it
 * starts the entry chunk and preloads exactly its screen's chunks that the entry does not load (a
 * page the server sends must not name a chunk of an older build, nor miss one), and its `#root` holds the screen's
 * prerendered markup (decision 058): at least its `<h1>`, not a loading placeholder.
 */
export function checkPreloadedPages(distDir = DIST) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8"));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const loaded = chunkClosure(manifest, entryKey);
  for (const [page, source] of Object.entries(PRELOADED_PAGES)) {
    const html = preparedPage(distDir, page);
    checkStartsEntry(page, html, manifest, entryKey);
    const { preloads: preloaded } = pageScripts(html);
    const expected = [...chunkClosure(manifest, source)]
      .filter((k) => !loaded.has(k))
      .map((k) => manifest[k].file);
    if (preloaded.sort().join() !== expected.sort().join())
      throw new Error(
        `${page}'s prepared page preloads ${preloaded.join(", ")}, not ${expected.join(", ")}`,
      );
    const markup = prerenderedMarkup(html, page);
    if (!markup?.includes("<h1") || markup.includes("Loading..."))
      throw new Error(
        `${page}'s prepared page has ${markup === undefined ? "no #root marked data-prerendered" : "no prerendered screen in its #root"} (web/vite.config.ts, prerenderPages)`,
      );
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

export function formatTable(results) {
  const lines = [];
  const width = Math.max(...results.flatMap((r) => r.rows.map((row) => row.file.length)), 20);
  lines.push(
    `${"page / file".padEnd(width + 2)}${"raw".padStart(10)}${"gzip -9".padStart(10)}${"br 11".padStart(10)}`,
  );
  for (const { page, rows, total, rawTotal } of results) {
    lines.push(`${page}`);
    for (const row of rows)
      lines.push(
        `  ${row.file.padEnd(width)}${kb(row.raw).padStart(10)}${kb(row.gzip).padStart(10)}${kb(row.br).padStart(10)}`,
      );
    const headers = rows.length * RESPONSE_HEADER_BYTES;
    lines.push(
      `  ${`headers (${rows.length} × ${RESPONSE_HEADER_BYTES} bytes)`.padEnd(width)}${"".padStart(20)}${kb(headers).padStart(10)}`,
    );
    const verdict = total > BUDGET_BYTES ? "OVER BUDGET" : "ok";
    const gzipTotal = rows.reduce((sum, r) => sum + r.gzip, 0) + headers;
    lines.push(
      `  ${"total".padEnd(width)}${kb(rawTotal).padStart(10)}${kb(gzipTotal).padStart(10)}${kb(total).padStart(10)}  (${total} of ${BUDGET_BYTES} bytes transferred: ${verdict})`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let results;
  try {
    results = measurePages();
    checkPreloadedPages();
  } catch (err) {
    process.stderr.write(`Bundle budget: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `\nInitial JavaScript per page (budget ${kb(BUDGET_BYTES)} transferred, brotli bodies and headers):\n${formatTable(results)}\n`,
  );
  const over = results.filter((r) => r.total > BUDGET_BYTES);
  if (over.length) {
    process.stderr.write(
      `\nBundle budget exceeded on ${over.map((r) => `${r.page} (${kb(r.total)})`).join(", ")}: ` +
        `load what the page's first paint does not need when it is needed, merge its small chunks ` +
        `(web/vite.config.ts, firstPageChunks), or drop a dependency.\n`,
    );
    process.exit(1);
  }
}
