import { AUTH_MSG } from "../../common/auth.js";
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";

import {
  EMAIL_MAX_LENGTH,
  JSON_BODY_MAX_BYTES,
  JSON_MAX_DEPTH,
  PASSWORD_MAX_LENGTH,
  REQUEST_MSG,
} from "../../common/request-limits.js";
import { AppError } from "../errors.js";
import { BodyReader } from "./body-reader.js";
import type { AppEnv } from "./context.js";
import { NUL_MESSAGE, nulPath } from "./validate.js";

/** What a route takes as its body: JSON up to `maxBytes`, or bytes that the route checks itself as it streams them. */
type BodyRule = { kind: "json"; maxBytes: number } | { kind: "binary" };

const rules = new WeakMap<object, BodyRule>();

/** A no-op middleware that a route lists among its handlers to say what its body is; the gate finds it among the matched handlers. */
function declare(rule: BodyRule): MiddlewareHandler<AppEnv> {
  const marker = createMiddleware<AppEnv>(async (_c, next) => next());
  rules.set(marker, rule);
  return marker;
}

/** This route's JSON may be up to `maxBytes` (the default is JSON_BODY_MAX_BYTES). */
export const jsonBody = (maxBytes: number) => declare({ kind: "json", maxBytes });

/** This route's body is raw bytes (an upload): the gate leaves it alone, the route checks type and size before buffering. */
export const binaryBody = declare({ kind: "binary" });

/**
 * The body rule of the handlers a request matched: the first one declared; else JSON of the
 * default size for a route (a handler registered for a method); else none, for a path that only
 * middleware and the catch-all match (nothing reads its body: it answers 404).
 */
export function bodyRuleOf(
  matched: readonly { method: string; handler: unknown }[],
): BodyRule | null {
  for (const { handler } of matched) {
    const rule = typeof handler === "function" ? rules.get(handler) : undefined;
    if (rule) return rule;
  }
  return matched.some((r) => r.method !== "ALL")
    ? { kind: "json", maxBytes: JSON_BODY_MAX_BYTES }
    : null;
}

/** True when `bytes`, read as JSON, opens more than `max` arrays or objects inside each other (a scan: nothing is parsed). */
export function isNestedDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (isInString) {
      if (b === 0x5c)
        i++; // backslash: the next byte is escaped
      else if (b === 0x22) isInString = false;
    } else if (b === 0x22) isInString = true;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > max) return true;
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return false;
}

/** JSON text to a value: 400 when nested too deeply (checked before parsing) or not JSON. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  if (isNestedDeeperThan(bytes, JSON_MAX_DEPTH))
    throw new AppError("VALIDATION", REQUEST_MSG.tooDeep);
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("utf8"));
  } catch {
    throw new AppError("VALIDATION", REQUEST_MSG.invalidJson);
  }
}

const CONTROL = /\p{Cc}/u;
const PASSWORD_FIELDS = ["password", "newPassword", "currentPassword"] as const;
/** Where better-auth sends the browser next, from a query string or a body: it builds URLs from them unchecked (whether one is trusted is its own check). */
const URL_FIELDS = new Set(["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"]);

/** A root-relative path or an absolute URL, of well-formed text (a lone surrogate cannot be percent-encoded). */
function isUrlOrPath(value: string): boolean {
  if (/\p{Surrogate}/u.test(value) || value.startsWith("//") || value.startsWith("/\\"))
    return false;
  return value.startsWith("/") ? URL.canParse(value, "http://localhost") : URL.canParse(value);
}

function checkUrlField(name: string, value: unknown) {
  if (URL_FIELDS.has(name) && typeof value === "string" && !isUrlOrPath(value)) {
    throw new AppError("VALIDATION", REQUEST_MSG.badCallbackUrl, {
      [name]: REQUEST_MSG.badCallbackUrl,
    });
  }
}

/**
 * The fields read before a route's own schema does: `email` names the account in rate-limit keys
 * (and better-auth's queries), passwords are hashed by better-auth, callback URLs become links.
 */
function checkAccountFields(value: unknown) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return;
  const fields = value as Record<string, unknown>;
  const email = fields.email;
  if (
    typeof email === "string" &&
    (email.trim().length > EMAIL_MAX_LENGTH || CONTROL.test(email))
  ) {
    throw new AppError("VALIDATION", AUTH_MSG.invalidEmail, { email: AUTH_MSG.invalidEmail });
  }
  for (const [name, field] of Object.entries(fields)) checkUrlField(name, field);
  for (const name of PASSWORD_FIELDS) {
    const password = fields[name];
    if (typeof password === "string" && password.length > PASSWORD_MAX_LENGTH) {
      throw new AppError("VALIDATION", REQUEST_MSG.passwordTooLong, {
        [name]: REQUEST_MSG.passwordTooLong,
      });
    }
  }
}

function refuseNul(value: unknown) {
  const path = nulPath(value);
  if (path) throw new AppError("VALIDATION", NUL_MESSAGE, { [path.join(".") || "_"]: NUL_MESSAGE });
}

/** 415 unless the body is declared application/json. */
export function requireJsonType(c: Context) {
  if (c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/json") {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", REQUEST_MSG.notJson);
  }
}

/** The Content-Length, or null when the body is chunked or has none (or the header is not a number). */
function declaredLength(c: Context): number | null {
  const length = c.req.header("content-length");
  if (length === undefined || c.req.header("transfer-encoding") !== undefined) return null;
  const n = Number(length);
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

const BODILESS = new Set(["GET", "HEAD"]);

/** An empty body is no body: whatever type it claims, later readers (better-auth's sign-out) see none. */
function passOnWithoutBody(c: Context, next: () => Promise<void>) {
  const { raw } = c.req;
  c.req.raw = new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    signal: raw.signal,
  });
  return next();
}

/**
 * Every request to /api passes here before anything else reads it (the rate limiter, better-auth,
 * the routes): a NUL in the query string is refused; a JSON route's body must be application/json
 * (415), is read up to its route's limit and no further (413, whatever Content-Length says), must
 * nest at most JSON_MAX_DEPTH deep and parse, holds no NUL and no over-long e-mail or password
 * (400). The body read is then handed on, so later readers see it as sent. Routes that declared
 * `binaryBody` check their own bodies. See docs/decisions/019-request-bodies.md.
 */
export const bodyGate = createMiddleware<AppEnv>(async (c, next) => {
  for (const [name, value] of new URL(c.req.url).searchParams) {
    if (name.includes("\u0000") || value.includes("\u0000"))
      throw new AppError("VALIDATION", NUL_MESSAGE);
    checkUrlField(name, value);
  }
  const rule = bodyRuleOf(matchedRoutes(c));
  const { raw } = c.req;
  // A GET or HEAD has no body (Fetch refuses one); not asking spares building the whole Request.
  if (!rule || rule.kind === "binary" || BODILESS.has(c.req.method) || !raw.body) return next();
  const length = declaredLength(c);
  if (length === 0) return passOnWithoutBody(c, next);
  const isSaidToHaveBody = length !== null || c.req.header("transfer-encoding") !== undefined;
  if (isSaidToHaveBody) requireJsonType(c);
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", REQUEST_MSG.tooLarge(rule.maxBytes));
  if (length !== null && length > rule.maxBytes) throw tooLarge();

  const reader = new BodyReader(raw.body);
  const bytes = await reader.rest(rule.maxBytes);
  if (!bytes) {
    await reader.cancel(); // the rest is not read
    throw tooLarge();
  }
  if (bytes.length === 0) return passOnWithoutBody(c, next);
  c.req.raw = new Request(raw, { body: bytes });
  if (!isSaidToHaveBody) requireJsonType(c);
  const value = parseJsonBytes(bytes);
  refuseNul(value);
  checkAccountFields(value);
  return next();
});
