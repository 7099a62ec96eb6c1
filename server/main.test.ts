import { AUTH_MSG } from "../common/auth.js";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { freePort, uniqueEmail } from "../test/harness.js";
import { ServerProcess } from "../test/server-process.js";
import { startSmtpSink } from "../test/smtp-sink.js";

const started: ServerProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const p of started.splice(0)) {
    p.kill("SIGKILL");
    await p.exited;
  }
});
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function emptyDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lv-main-"));
  dirs.push(dir);
  return dir;
}

async function startServer(dir: string, listenTimeoutMs?: number): Promise<ServerProcess> {
  const server = new ServerProcess(await freePort(), { DATA_DIR: dir });
  started.push(server);
  await server.waitUntilListening(listenTimeoutMs);
  return server;
}

/**
 * Creating a PGlite data directory takes the server 10-30 s on a busy machine; once per file,
 * by a real first start and a clean stop. Each test then starts on a copy (under a second).
 */
let initialized: string;
beforeAll(async () => {
  initialized = emptyDir();
  const server = await startServer(initialized, 50_000);
  server.kill("SIGTERM");
  expect((await server.exited).code).toBe(0);
});

function dataDir(): string {
  const dir = emptyDir();
  cpSync(initialized, dir, { recursive: true });
  return dir;
}

describe("the server process", () => {
  it(
    "prints its URL and the mailbox URL, and a second process on the same DATA_DIR exits with a clear message",
    { timeout: 60_000 },
    async () => {
      const dir = dataDir();
      const server = await startServer(dir);
      expect(server.stdout).toContain(
        `Legacy Vault is listening on http://localhost:${server.port}`,
      );
      await server.waitForOutput(`http://localhost:${server.port}/dev/mailbox`);
      expect(server.stderr).toContain(
        `SMTP_URL is not set: e-mail is NOT delivered. Read it at http://localhost:${server.port}/dev/mailbox`,
      );
      expect((await server.json<{ status: string }>("GET", "/api/health")).body.status).toBe("ok");

      const second = new ServerProcess(await freePort(), { DATA_DIR: dir });
      const { code } = await second.exited;
      expect(code).not.toBe(0);
      expect(second.stderr).toContain(
        `Another Legacy Vault process (pid ${server.pid}) is using the data directory ${path.join(dir, "pglite")}`,
      );
      expect(second.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
      expect((await server.json("GET", "/api/health")).status).toBe(200);
    },
  );

  it("stops on a bad setting with a readable message", { timeout: 60_000 }, async () => {
    const bad = new ServerProcess(await freePort(), {
      DATA_DIR: emptyDir(),
      DATABASE_URL: "mysql://db/vault",
    });
    expect((await bad.exited).code).toBe(1);
    expect(bad.stderr).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it(
    "on SIGTERM finishes the request in flight, then exits 0 and releases the data directory",
    { timeout: 60_000 },
    async () => {
      const dir = dataDir();
      const server = await startServer(dir);
      const body = JSON.stringify({
        name: "Inflight Ivy",
        email: uniqueEmail(),
        password: "Marble-Sparrow-45",
      });

      // Expect: 100-continue lets us know the server has the request before we send its body.
      const req = http.request(`${server.baseUrl}/api/register`, {
        method: "POST",
        headers: {
          origin: server.origin,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          expect: "100-continue",
        },
      });
      const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
        req.on("response", (res) => {
          let text = "";
          res.on("data", (d: Buffer) => (text += d.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on("error", reject);
      });
      await new Promise<void>((resolve) => req.on("continue", () => resolve()));
      server.kill("SIGTERM");
      await server.waitForOutput("SIGTERM: finishing requests in flight");
      req.end(body);

      expect(await response).toEqual({ status: 200, text: JSON.stringify({ ok: true }) });
      const { code } = await server.exited;
      expect(code).toBe(0);
      expect(server.stdout).toContain("stopped");
      expect(existsSync(path.join(dir, "pglite", "legacy-vault.lock"))).toBe(false);
    },
  );

  it(
    "a write acknowledged before kill -9 is there after a restart",
    { timeout: 60_000 },
    async () => {
      const dir = dataDir();
      const first = await startServer(dir);
      const email = uniqueEmail();
      const password = "Harbor-Thistle-83";
      expect(
        (await first.json("POST", "/api/register", { name: "Durable Dora", email, password }))
          .status,
      ).toBe(200);
      first.kill("SIGKILL");
      expect((await first.exited).signal).toBe("SIGKILL");

      const second = await startServer(dir);
      const signIn = await second.json<{ error: { message: string } }>(
        "POST",
        "/api/auth/sign-in/email",
        { email, password },
      );
      expect(signIn).toEqual({
        status: 403,
        body: expect.objectContaining({
          error: expect.objectContaining({ message: AUTH_MSG.emailNotConfirmed }),
        }),
      });
      const stranger = await second.json<{ error: { message: string } }>(
        "POST",
        "/api/auth/sign-in/email",
        { email: uniqueEmail(), password },
      );
      expect(stranger.status).toBe(401);
    },
  );
});

describe("the server process with NODE_ENV=production", () => {
  it(
    "logs JSON lines, never serves /dev, and starts only with SMTP_URL, VAULT_MASTER_KEY and an https:// APP_URL",
    { timeout: 60_000 },
    async () => {
      const sink = await startSmtpSink();
      try {
        const port = await freePort();
        const settings = {
          NODE_ENV: "production",
          DATA_DIR: dataDir(),
          SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
          VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
          RELEASE_EVIDENCE_KEY: randomBytes(32).toString("base64"),
          APP_URL: `https://localhost:${port}`,
        };
        const server = new ServerProcess(port, settings);
        started.push(server);
        await server.waitUntilListening();
        expect((await server.json<{ status: string }>("GET", "/api/health")).body.status).toBe(
          "ok",
        );
        for (const p of ["/dev/mailbox", "/dev/mailbox.json", "/dev/clock"])
          expect((await fetch(`${server.baseUrl}${p}`)).status, p).toBe(404);

        server.kill("SIGTERM");
        expect((await server.exited).code).toBe(0);
        const lines = server.stdout.split("\n").filter(Boolean);
        expect(lines.length).toBeGreaterThanOrEqual(3); // listening, SIGTERM, stopped
        for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
        const entries = lines.map(
          (line) => JSON.parse(line) as { time: string; level: string; msg: string },
        );
        expect(entries[0]).toEqual({
          time: expect.any(String),
          level: "info",
          msg: expect.stringContaining(`Legacy Vault is listening on https://localhost:${port}`),
        });
        expect(entries.map((e) => e.msg)).toContain("stopped");
        expect(server.stderr).not.toContain("/dev/mailbox");

        const { SMTP_URL: _unused, ...withoutSmtp } = settings;
        const refused = new ServerProcess(await freePort(), {
          ...withoutSmtp,
          APP_URL: "http://localhost:3000",
        });
        expect((await refused.exited).code).toBe(1);
        expect(refused.stderr).toContain("- SMTP_URL: is required when NODE_ENV=production");
        expect(refused.stderr).toContain(
          "- APP_URL: must be an https:// origin when NODE_ENV=production",
        );
        expect(refused.stderr).not.toMatch(/\n\s+at /);
        expect(refused.stdout).toBe("");
      } finally {
        await sink.close();
      }
    },
  );
});
