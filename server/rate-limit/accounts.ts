import { createHash } from "node:crypto";

/** better-call's test for a JSON body (node_modules/better-call/dist/utils.mjs, getBody), whatever the casing or parameters. */
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

/** An e-mail as the handlers compare it: better-auth lower-cases it, the app's schemas also trim it. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The key of an account in the limiters' tables: a SHA-256 of the normalised address, so a key
 * has a fixed length however long the address a client sends (and holds no address in clear).
 */
export function accountKey(email: string): string {
  return createHash("sha256").update(normaliseEmail(email)).digest("hex");
}

function emailField(body: unknown): string | null {
  if (!body || typeof body !== "object" || !("email" in body)) return null;
  const { email } = body;
  return typeof email === "string" ? normaliseEmail(email) : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** better-auth's reading (better-call's getBody): by content type, JSON or a form (the last value of a repeated field wins). */
async function readAsBetterAuth(bytes: ArrayBuffer, contentType: string): Promise<unknown> {
  const type = contentType.toLowerCase();
  if (JSON_TYPE.test(type)) return parseJson(new TextDecoder().decode(bytes));
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data"))
    return null;
  try {
    const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
    return { email: form.getAll("email").at(-1) };
  } catch {
    return null;
  }
}

export type BodyAccounts = {
  /** The e-mail better-auth's routes (/api/auth/*) will read. */
  asBetterAuth: string | null;
  /** The e-mail the app's own routes will read: Hono's `c.req.json()` parses the body whatever its content type. */
  asJson: string | null;
};

/**
 * The account a request's body names, read as each of the app's handlers reads it, whatever the
 * encoding: so that no encoding the handler accepts escapes the per-account limits.
 */
export async function accountsInBody(req: Request): Promise<BodyAccounts> {
  if (!req.body) return { asBetterAuth: null, asJson: null };
  const bytes = await req.clone().arrayBuffer();
  const contentType = req.headers.get("content-type") ?? "";
  return {
    asBetterAuth: emailField(await readAsBetterAuth(bytes, contentType)),
    asJson: emailField(parseJson(new TextDecoder().decode(bytes))),
  };
}
