import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../errors.js";
import { requireJsonType } from "./body-gate.js";
import type { AppEnv } from "./context.js";
import { setResponseHeaders } from "./response-headers.js";
import { clientAddress } from "./trust-proxy.js";

/** The policy of a page (an HTML document): what the app's screens may load and run. */
const DOCUMENT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Scripts stay strict. Styles allow inline: sonner and input-otp inject <style> elements
  // (docs/decisions/008); inline CSS cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  // A decrypted PDF previewed in an <iframe> from a blob: URL (docs/decisions/049); nothing else.
  "frame-src blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The policy of every other answer: scripts, styles, fonts, images, JSON (docs/decisions/077).
 * A file used by a page obeys the page's policy, not its own; its own acts only when the file is
 * opened as a document (or framed), and then it may load, run and be framed by nothing. The app has
 * no worker or service worker, the one kind of script that would run under its own policy.
 */
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers every response carries (SECURITY.md, Data), */
const EVERY_RESPONSE = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "no-referrer"],
] as const;
/** every HTML document (X-Frame-Options and COOP act on documents only), */
const DOCUMENT_RESPONSE = [
  ["Content-Security-Policy", DOCUMENT_CSP],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
] as const;
/** every other response: a static file's headers are counted in every first visit's budget, */
const RESOURCE_RESPONSE = [["Content-Security-Policy", RESOURCE_CSP]] as const;
/** every API response, */
const API_RESPONSE = [["Cache-Control", "no-store"]] as const;
/** and every response when the app is served over HTTPS. */
const HTTPS_RESPONSE = [
  ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
] as const;

/** An answer that a browser shows as a page: its type is HTML. */
const isDocument = (res: Response) =>
  /^\s*text\/html\b/i.test(res.headers.get("Content-Type") ?? "");

/**
 * Sets the headers above on every response, once its handler has answered (setResponseHeaders:
 * Hono's c.header at that point would copy the response for each one).
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  setResponseHeaders(c, [
    ...EVERY_RESPONSE,
    ...(isDocument(c.res) ? DOCUMENT_RESPONSE : RESOURCE_RESPONSE),
    ...(c.req.path.startsWith("/api/") ? API_RESPONSE : []),
    ...(c.var.deps.env.APP_URL.startsWith("https://") ? HTTPS_RESPONSE : []),
  ]);
});

/**
 * The client's address: the socket peer's, or, when TRUST_PROXY names the peer, the one its
 * forwarding header gives (server/http/trust-proxy.ts). Never a header from anyone else.
 */
export const clientIp = createMiddleware<AppEnv>(async (c, next) => {
  const peer = socketPeer(c);
  const { TRUST_PROXY, TRUST_PROXY_HEADER } = c.var.deps.env;
  c.set(
    "ip",
    clientAddress({
      peer,
      header: TRUST_PROXY_HEADER,
      value: c.req.header(TRUST_PROXY_HEADER),
      trust: TRUST_PROXY,
    }),
  );
  await next();
});

/** The address at the other end of the socket, whatever any header says. */
function socketPeer(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // not running on a Node socket (tests without one)
  }
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function requireSameOrigin(c: Context<AppEnv>) {
  if (c.req.header("origin") !== c.var.deps.env.APP_URL)
    throw new AppError("VALIDATION", "Cross-site request refused");
}

/** State-changing API requests must come from the app's own origin (cross-site request protection). */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (!SAFE.has(c.req.method)) requireSameOrigin(c);
  await next();
});

/** Set by a reverse proxy: the request only looks local because the proxy runs on this machine. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/**
 * The one guard of every /dev route (the development mailbox, the test clock): only a request
 * whose socket peer is this machine and that no proxy relayed (no forwarding header, whatever
 * TRUST_PROXY says), else 404 as for a path that does not exist. A state-changing one must also
 * come from the app's own origin (400) with a JSON body (415): a web page open in the developer's
 * browser is on this machine too.
 */
export const devOnly = createMiddleware<AppEnv>(async (c, next) => {
  const isForwarded = FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined);
  if (!isLoopback(socketPeer(c)) || isForwarded) throw new AppError("NOT_FOUND");
  if (!SAFE.has(c.req.method)) {
    requireSameOrigin(c);
    requireJsonType(c);
  }
  await next();
});

export function isLoopback(ip: string): boolean {
  return ip === "127.0.0.1" || ip === "::1" || ip === "::ffff:127.0.0.1" || ip.startsWith("127.");
}
