import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, createTestContext, type TestContext } from "../../test/harness.js";
import { staticRoutes } from "./static.js";

function distWith(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), "lv-dist-"));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
  return dir;
}

describe("serving the web app", () => {
  const dist = distWith({
    "index.html": "<!doctype html><title>app</title>",
    "assets/app-1.js": "export {}",
  });
  const app = staticRoutes(dist);

  it("serves chunks as JavaScript and client-side routes as index.html", async () => {
    const chunk = await app.request("/assets/app-1.js");
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get("content-type")).toMatch(/javascript/);
    const route = await app.request("/vault/123");
    expect(route.status).toBe(200);
    expect(await route.text()).toContain("<title>app</title>");
  });

  it("answers a missing chunk with 404, never with index.html", async () => {
    const res = await app.request("/assets/app-0-old.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type") ?? "").not.toMatch(/html/);
  });
});

describe("first pages the build prepared", () => {
  const dist = distWith({
    "index.html": "<!doctype html><title>app</title>",
    "pages/login.html":
      '<!doctype html><title>app</title><link rel="modulepreload" href="/assets/login-1.js">',
  });
  const app = staticRoutes(dist);

  it("sends a page's own HTML for its path, and index.html for every other route", async () => {
    const login = await app.request("/login");
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("no-cache");
    expect(await login.text()).toContain('href="/assets/login-1.js"');
    for (const other of ["/register", "/login/extra", "/vault/123", "/Login"]) {
      const res = await app.request(other);
      expect(res.status, other).toBe(200);
      expect(await res.text(), other).toBe("<!doctype html><title>app</title>");
    }
  });
});

describe("precompressed static files", () => {
  const js = `export const greeting = ${JSON.stringify("hello ".repeat(500))};\n`;
  const html = `<!doctype html><title>app</title><p>${"welcome ".repeat(300)}</p>`;
  const dist = distWith({
    "index.html": html,
    "assets/app-2.js": js,
    "assets/logo.png": "not text",
  });
  for (const [name, body] of Object.entries({ "index.html": html, "assets/app-2.js": js })) {
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body, { level: 9 }));
  }
  const app = staticRoutes(dist);
  const get = (url: string, acceptEncoding?: string, method = "GET") =>
    app.request(url, {
      method,
      headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding },
    });
  const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it("sends the brotli file to a browser that accepts br, with the plain file's type and its own length", async () => {
    const res = await get("/assets/app-2.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = await bytes(res);
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    expect(body.length).toBeLessThan(js.length);
    expect(brotliDecompressSync(body).toString()).toBe(js);
  });

  it("sends the gzip file when only gzip is accepted", async () => {
    const res = await get("/assets/app-2.js", "gzip");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    const body = await bytes(res);
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    expect(gunzipSync(body).toString()).toBe(js);
  });

  it.each([
    [undefined],
    [""],
    ["identity"],
    ["br;q=0, gzip;q=0"],
    ["BR;Q=0, *;q=0"],
    ["gzip;q=nonsense, br;q=2, ;;"],
  ])("sends the plain file, still with Vary, for Accept-Encoding %j", async (acceptEncoding) => {
    const res = await get("/assets/app-2.js", acceptEncoding);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
    const body = await bytes(res);
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    expect(body.toString()).toBe(js);
  });

  it("honours q-values and the * wildcard", async () => {
    expect((await get("/assets/app-2.js", "br;q=0, gzip")).headers.get("content-encoding")).toBe(
      "gzip",
    );
    expect(
      (await get("/assets/app-2.js", "gzip;q=0.5, br;q=0.2")).headers.get("content-encoding"),
    ).toBe("gzip");
    expect((await get("/assets/app-2.js", "*")).headers.get("content-encoding")).toBe("br");
    expect((await get("/assets/app-2.js", "br;q=0, *")).headers.get("content-encoding")).toBe(
      "gzip",
    );
  });

  it.each([
    ",,,",
    "q=1",
    "br;q",
    "br;q=-1",
    "\u00e9t\u00e9",
    "gzip;q=0.5;level=9, br ; q = 0.9",
    "x".repeat(4000),
  ])("never fails on an odd Accept-Encoding (%j)", async (acceptEncoding) => {
    const res = await get("/assets/app-2.js", acceptEncoding);
    expect(res.status).toBe(200);
    const body = await bytes(res);
    const encoding = res.headers.get("content-encoding");
    const plain =
      encoding === "br"
        ? brotliDecompressSync(body)
        : encoding === "gzip"
          ? gunzipSync(body)
          : body;
    expect(plain.toString()).toBe(js);
  });

  it("compresses index.html for client-side routes too", async () => {
    for (const url of ["/", "/index.html", "/welcome"]) {
      const res = await get(url, "br");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe("br");
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(await bytes(res)).toString()).toBe(html);
    }
  });

  it("answers HEAD with the headers of GET and no body", async () => {
    for (const url of ["/assets/app-2.js", "/vault/1"]) {
      const got = await get(url, "br");
      const head = await get(url, "br", "HEAD");
      expect(head.status).toBe(200);
      expect(head.headers.get("content-encoding")).toBe("br");
      expect(head.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(head.headers.get("content-length")).toBe(got.headers.get("content-length"));
      expect((await bytes(head)).length).toBe(0);
    }
  });

  it("leaves files that are not text alone, and still 404s a missing chunk", async () => {
    const png = await get("/assets/logo.png", "br, gzip");
    expect(png.status).toBe(200);
    expect(png.headers.get("content-encoding")).toBeNull();
    expect((await get("/assets/app-9.js", "br")).status).toBe(404);
  });
});

describe("API answers (decision 025)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("are never compressed, whatever the client accepts: they mix secrets with text others chose (BREACH)", async () => {
    const { client, name } = await buildUser(ctx, {
      name: "A name an attacker chose ".repeat(6).trim(),
    });
    for (const url of ["/api/me", "/api/health"]) {
      const res = await client.request("GET", url, undefined, {
        "Accept-Encoding": "br, gzip, deflate, zstd",
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBeNull();
      if (url === "/api/me") expect(await res.text()).toContain(name);
    }
  });
});
