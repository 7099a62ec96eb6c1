import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppEnv } from "./context.js";

/** Serves the built web app (web/dist), with index.html for every client-side route. */
export function staticRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) return app;
  const indexHtml = readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), distDir);
  app.use("/assets/*", serveStatic({ root, onFound: (_p, c) => void c.header("Cache-Control", "public, max-age=31536000, immutable") }));
  // A missing chunk (an old page after a new build) is a 404, never index.html as JavaScript.
  app.all("/assets/*", (c) => c.body(null, 404));
  app.use("*", serveStatic({ root, onFound: (_p, c) => void c.header("Cache-Control", "no-cache") }));
  app.get("*", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  });
  return app;
}
