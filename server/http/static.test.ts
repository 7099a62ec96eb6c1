import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
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
  const dist = distWith({ "index.html": "<!doctype html><title>app</title>", "assets/app-1.js": "export {}" });
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
