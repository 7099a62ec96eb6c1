import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, testDatabaseSettings } from "../../test/harness.js";
import { sampleValue } from "../../test/prometheus.js";
import { ServerProcess } from "../../test/server-process.js";

let dir: string;
let server: ServerProcess;
let metricsPort: number;
let settings: Awaited<ReturnType<typeof testDatabaseSettings>>;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "lv-metrics-"));
  settings = await testDatabaseSettings(path.join(dir, "data"));
  metricsPort = await freePort();
  server = new ServerProcess(await freePort(), {
    DATA_DIR: path.join(dir, "data"),
    ...settings,
    METRICS_PORT: String(metricsPort),
    VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
  });
  await server.waitUntilListening(50_000);
  await server.waitForOutput(`metrics: GET http://127.0.0.1:${metricsPort}/metrics`);
});

afterAll(async () => {
  if (server) {
    server.kill("SIGTERM");
    expect((await server.exited).code).toBe(0); // the metrics listener does not hold up a clean stop
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Whether anything accepts a TCP connection on host:port. */
function isListening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("the server process with METRICS_PORT", () => {
  it(
    "serves GET /metrics on 127.0.0.1:METRICS_PORT, with this process' own request counted",
    { timeout: 60_000 },
    async () => {
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      const text = await res.text();
      expect(
        sampleValue(text, "legacy_vault_http_requests_total", {
          method: "GET",
          route: "/api/health",
          status: "200",
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sampleValue(text, "legacy_vault_database_up", {
          kind: "DATABASE_URL" in settings ? "postgres" : "pglite",
        }),
      ).toBe(1);
      // the process' own series (resident memory, event loop lag) come with the served registry
      expect(sampleValue(text, "legacy_vault_process_resident_memory_bytes")).toBeGreaterThan(0);
    },
  );

  it(
    "does not serve it on the public port, and listens on loopback 127.0.0.1 only (not 127.0.0.2, not every address)",
    { timeout: 60_000 },
    async () => {
      // The public port has no /metrics: with the web app built, an unknown path gets the app's
      // page (its "not found" screen), otherwise 404; never the metrics.
      const res = await fetch(`${server.baseUrl}/metrics`);
      expect(res.headers.get("content-type") ?? "").not.toContain("text/plain");
      expect(await res.text()).not.toContain("legacy_vault_");
      expect(await isListening("127.0.0.1", metricsPort)).toBe(true);
      expect(await isListening("127.0.0.2", metricsPort)).toBe(false);
    },
  );
});
