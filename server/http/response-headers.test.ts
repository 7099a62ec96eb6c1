import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { setResponseHeaders } from "./response-headers.js";

const HEADERS = [
  ["X-Content-Type-Options", "nosniff"],
  ["Cache-Control", "no-store"],
] as const;

/** An app whose every answer gets HEADERS after its handler, as the security headers do. */
function appWithHeaders() {
  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    setResponseHeaders(c, HEADERS);
  });
  app.get("/json", (c) => c.json({ ok: true }, 201, { "X-Own": "kept" }));
  app.get("/redirect", () => Response.redirect("https://example.com/next", 302));
  return app;
}

describe("headers set after the handler", () => {
  it("are added to a handler's answer, which keeps its status, body and own headers", async () => {
    const res = await appWithHeaders().request("/json");
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get("x-own")).toBe("kept");
    for (const [name, value] of HEADERS) expect(res.headers.get(name)).toBe(value);
  });

  it("are added to an answer whose own headers cannot change (a redirect), which stays as it was", async () => {
    const res = await appWithHeaders().request("/redirect");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://example.com/next");
    for (const [name, value] of HEADERS) expect(res.headers.get(name)).toBe(value);
  });
});
