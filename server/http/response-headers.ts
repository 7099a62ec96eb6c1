import type { Context } from "hono";

/**
 * Sets headers on the response a handler has already given, as Hono's own secureHeaders
 * middleware does. Hono's `c.header` after that point copies the whole response for each header,
 * and the copy's body becomes a stream: the string body of a JSON answer was then streamed
 * instead of written at once. A response whose headers cannot change (`Response.redirect`'s, a
 * fetched one's) is copied once, as `c.header` would.
 */
export function setResponseHeaders(c: Context, headers: ReadonlyArray<readonly [string, string]>) {
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error; // the headers are immutable
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of headers) c.res.headers.set(name, value);
  }
}
