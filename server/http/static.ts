import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Context } from "hono";
import { Hono } from "hono";
import { getMimeType } from "hono/utils/mime";
import type { AppEnv } from "./context.js";

/**
 * Text files that the build precompresses (web/vite.config.ts writes `file.br` and `file.gz` beside each):
 * they are sent compressed when the browser accepts it, always with `Vary: Accept-Encoding`.
 * Decision 025: static files are compressed, API answers never are.
 */
export const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml|map)$/;

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
type Encoding = (typeof ENCODINGS)[number]["name"];

/**
 * The q-value the Accept-Encoding header gives `encoding` (RFC 9110, 12.5.3): its own entry, else `*`,
 * else 0. An entry whose q is not a number in [0, 1] is ignored; any header value is fine, none throws.
 */
export function acceptedQuality(header: string | undefined, encoding: Encoding): number {
  let own: number | undefined;
  let wildcard: number | undefined;
  for (const entry of (header ?? "").split(",")) {
    const [rawName = "", ...params] = entry.split(";");
    const name = rawName.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key = "", value = ""] = param.split("=");
      if (key.trim().toLowerCase() !== "q") continue;
      q = /^\s*(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.test(value) ? Number(value) : NaN;
    }
    if (Number.isNaN(q)) continue;
    if (name === encoding) own = q;
    else if (name === "*") wildcard = q;
  }
  return own ?? wildcard ?? 0;
}

/** The encoding to send: the accepted one with the highest q (brotli on a tie), or none. */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  let best: { name: Encoding; q: number } | undefined;
  for (const { name } of ENCODINGS) {
    const q = acceptedQuality(header, name);
    if (q > 0 && (!best || q > best.q)) best = { name, q };
  }
  return best?.name;
}

/** A path that may have a prepared page: one lower-case segment (`/login`, `/register`). */
const PAGE_PATH = /^\/[a-z][a-z-]{0,40}$/;

type Variant = { body: Uint8Array<ArrayBuffer>; encoding?: Encoding };
/** A file and its precompressed copies (only for compressible files, only those the build wrote). */
type StaticFile = { type: string; compressible: boolean; plain: Variant; encoded: Variant[] };

/**
 * Serves the built web app (web/dist), with index.html for every client-side route. Files are read
 * once, on first request (the build is immutable while the server runs).
 */
export function staticRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  const root = path.resolve(distDir);
  const indexFile = path.join(root, "index.html");
  if (!existsSync(indexFile)) return app;

  // Only files found are kept: a miss is looked up again (no map that random URLs could grow).
  const cache = new Map<string, StaticFile>();
  const load = (file: string): StaticFile | null => {
    const cached = cache.get(file);
    if (cached) return cached;
    let found: StaticFile | null = null;
    if (isFile(file)) {
      const compressible = COMPRESSIBLE_FILE.test(file);
      const encoded: Variant[] = [];
      if (compressible) {
        for (const { name, suffix } of ENCODINGS) {
          if (isFile(file + suffix)) encoded.push({ body: read(file + suffix), encoding: name });
        }
      }
      found = {
        type: getMimeType(file) ?? "application/octet-stream",
        compressible,
        plain: { body: read(file) },
        encoded,
      };
      cache.set(file, found);
    }
    return found;
  };

  /** The file under dist that a URL path names, or undefined when it names none (or climbs out). */
  const fileFor = (urlPath: string): string | undefined => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes("\0")) return undefined;
    const file = path.join(root, decoded);
    if (!file.startsWith(root + path.sep)) return undefined;
    return file.endsWith(path.sep) ? path.join(file, "index.html") : file;
  };

  /**
   * A first page the build prepared (dist/pages/<name>.html: index.html plus modulepreload links
   * for the page's own chunks; web/vite.config.ts, pagePreloads), for a one-segment path.
   */
  const pageFor = (urlPath: string): StaticFile | null =>
    PAGE_PATH.test(urlPath) ? load(path.join(root, "pages", `${urlPath.slice(1)}.html`)) : null;

  const send = (c: Context<AppEnv>, found: StaticFile, cacheControl: string) => {
    const wanted = found.compressible ? chooseEncoding(c.req.header("Accept-Encoding")) : undefined;
    const variant = found.encoded.find((v) => v.encoding === wanted) ?? found.plain;
    c.header(
      "Content-Type",
      found.type.startsWith("text/") && !found.type.includes("charset")
        ? `${found.type}; charset=utf-8`
        : found.type,
    );
    c.header("Content-Length", String(variant.body.length));
    c.header("Cache-Control", cacheControl);
    if (found.compressible) c.header("Vary", "Accept-Encoding", { append: true });
    if (variant.encoding) c.header("Content-Encoding", variant.encoding);
    if (c.req.method === "HEAD") return c.body(null);
    return c.body(variant.body);
  };

  const serve = (cacheControl: string) => async (c: Context<AppEnv>, next: () => Promise<void>) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const file = fileFor(c.req.path);
    const found = file ? load(file) : null;
    if (!found) return next();
    return send(c, found, cacheControl);
  };

  app.use("/assets/*", serve("public, max-age=31536000, immutable"));
  // A missing chunk (an old page after a new build) is a 404, never index.html as JavaScript.
  app.all("/assets/*", (c) => c.body(null, 404));
  app.use("*", serve("no-cache"));
  app.get("*", (c) => {
    const index = pageFor(c.req.path) ?? load(indexFile);
    return index ? send(c, index, "no-cache") : c.body(null, 404);
  });
  return app;
}

/** A file's bytes, copied once into a buffer of their own (sent as is on every request). */
function read(file: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(file));
}

function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}
