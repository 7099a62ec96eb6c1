import { Hono } from "hono";
import type { Metrics } from "./metrics.js";

/**
 * The metrics listener's app: GET /metrics and nothing else. Served on METRICS_PORT of 127.0.0.1
 * by server/main.ts, never mounted in the public app (docs/decisions/029).
 */
export function metricsApp(metrics: Metrics) {
  return new Hono()
    .get("/metrics", async (c) =>
      c.body(await metrics.render(), 200, {
        "content-type": metrics.contentType,
        "cache-control": "no-store",
      }),
    )
    .all("*", (c) => c.text("Not found: the metrics listener serves GET /metrics only\n", 404));
}
