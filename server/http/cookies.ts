import type { Context } from "hono";

/**
 * Passes better-auth's Set-Cookie headers (a replaced or ended session, from an `auth.api` call
 * made with `returnHeaders`) on to the browser, each as its own header.
 */
export function passSetCookies(c: Context, headers: Headers): void {
  for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
}
