import { ApiError } from "./api-client";

/**
 * The common-password list in the browser (decision 038: the server receives only a value derived
 * from the password, so the browser checks a new password before deriving anything from it). The
 * list is the server's one copy (server/auth/common-passwords.txt.gz), which the web build copies
 * to this address (web/vite.config.ts, commonPasswords). It is fetched only when a form needs it,
 * never on the first load of a page, and nothing that depends on the password is sent with it.
 */
export const COMMON_PASSWORDS_URL = "/common-passwords.txt.gz";

/** The list's passwords (lower-cased; `#` comments and blank lines left out), from its gzip bytes (or plain text). */
export async function parseCommonPasswords(bytes: Uint8Array): Promise<Set<string>> {
  const isGzip = bytes[0] === 0x1f && bytes[1] === 0x8b; // a server may already have decompressed it
  const text = isGzip
    ? await new Response(
        new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream("gzip")),
      ).text()
    : new TextDecoder().decode(bytes);
  return new Set(text.split("\n").filter((line) => line && !line.startsWith("#")));
}

const unavailable = () =>
  new ApiError(
    0,
    "NETWORK",
    "Your password could not be checked. Check your connection and try again.",
  );

async function fetchList(): Promise<Set<string>> {
  let res: Response;
  try {
    res = await fetch(COMMON_PASSWORDS_URL, { credentials: "same-origin" });
  } catch {
    throw unavailable();
  }
  if (!res.ok) throw unavailable();
  return parseCommonPasswords(new Uint8Array(await res.arrayBuffer()));
}

let list: Promise<Set<string>> | undefined;

/** Fetches the list once per page (again after a failure); call it early (e.g. on focus) to save the wait. */
export function loadCommonPasswords(): Promise<Set<string>> {
  list ??= fetchList().catch((err: unknown) => {
    list = undefined;
    throw err;
  });
  return list;
}

/** True for a password on the list, case-insensitive (as server/auth/password.ts checked it). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}
