import { Hono } from "hono";
import type { AppEnv } from "../http/context.js";

export const healthRoutes = new Hono<AppEnv>().get("/health", async (c) => {
  const { database } = c.var.deps;
  const started = performance.now();
  const isUp = await Promise.race([
    database.ping().then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000).unref()),
  ]);
  const latencyMs = Math.round(performance.now() - started);
  return c.json(
    {
      status: isUp ? "ok" : "degraded",
      database: { kind: database.kind, state: isUp ? "up" : "down", latencyMs },
    },
    isUp ? 200 : 503,
  );
});
