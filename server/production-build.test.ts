import { AUTH_MSG } from "../common/auth.js";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort, uniqueEmail } from "../test/harness.js";
import { COMPILED_SERVER, ServerProcess } from "../test/server-process.js";
import { startSmtpSink } from "../test/smtp-sink.js";

/**
 * The compiled server that `npm run build` writes and `npm run start:prod` runs
 * (docs/decisions/028-production-build.md). `npm test` builds before the tests; run alone, this
 * file builds what is missing or older than the sources, except in CI, where a missing build fails.
 */
const ROOT = path.join(import.meta.dirname, "..");
const WEB_INDEX = path.join(ROOT, "web", "dist", "index.html");

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function run(script: string) {
  // Not vitest's NODE_ENV=test: Vite would build React's development bundle, over the budget.
  const env = { ...process.env, NODE_ENV: undefined };
  const result = spawnSync("npm", ["run", script], { cwd: ROOT, encoding: "utf8", env });
  if (result.status !== 0)
    throw new Error(`npm run ${script} failed:\n${result.stdout}\n${result.stderr}`);
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lv-prod-build-"));
  dirs.push(dir);
  return dir;
};
const children: ServerProcess[] = [];

beforeAll(() => {
  const missing = [COMPILED_SERVER, WEB_INDEX].filter((file) => !existsSync(file));
  if (process.env.CI && missing.length > 0) {
    throw new Error(
      `${missing.map((f) => path.relative(ROOT, f)).join(" and ")} missing: \`npm test\` runs \`npm run build\` before the tests`,
    );
  }
  if (!existsSync(WEB_INDEX)) run("build:web");
  const isStale = () =>
    statSync(COMPILED_SERVER).mtimeMs <
    Math.max(newestSource(path.join(ROOT, "server")), newestSource(path.join(ROOT, "common")));
  if (!existsSync(COMPILED_SERVER) || isStale()) run("build:server");
});

afterAll(async () => {
  for (const child of children.splice(0)) {
    child.kill("SIGKILL");
    await child.exited;
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the compiled server (node dist/server/main.js)", () => {
  it(
    "starts in production mode on a fresh PGlite directory from another working directory, serves the web app and the API, and exits 0 on SIGTERM",
    { timeout: 60_000 },
    async () => {
      const sink = await startSmtpSink();
      try {
        const port = await freePort();
        const appUrl = `https://localhost:${port}`;
        const elsewhere = tempDir(); // paths to its files must not depend on the working directory
        const server = new ServerProcess(
          port,
          {
            NODE_ENV: "production",
            DATA_DIR: path.join(tempDir(), "data"),
            SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
            VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
            RELEASE_EVIDENCE_KEY: randomBytes(32).toString("base64"),
            APP_URL: appUrl,
          },
          { compiled: true, cwd: elsewhere },
        );
        children.push(server);
        await server.waitUntilListening(50_000); // a fresh PGlite directory: created and migrated (web/dist, migrations found)

        const health = await fetch(`${server.baseUrl}/api/health`);
        expect(health.status).toBe(200);
        expect(await health.json()).toEqual({
          status: "ok",
          database: expect.objectContaining({ kind: "pglite", state: "up" }),
        });

        const page = await fetch(`${server.baseUrl}/welcome`);
        expect(page.status).toBe(200);
        expect(page.headers.get("content-type")).toMatch(/^text\/html/);
        const html = await page.text();
        // prerendered at build time (decision 058)
        expect(html).toContain('<div id="root" data-prerendered="/welcome">');
        expect(html).toContain("Secure Your Legacy, Share What Matters Most</h1>");
        // its entry chunk, which web/public/start-app.js starts once the page has painted
        const script = /<script src="\/start-app\.js" data-entry="([^"]+\.js)"/.exec(html)?.[1];
        expect(script, html).toBeDefined();
        const bundle = await fetch(`${server.baseUrl}${script}`);
        expect(bundle.status).toBe(200);
        expect(bundle.headers.get("content-type")).toMatch(/javascript/);

        // The common-password list is read from disk on first use: a refusal, not a 500, and nobody registered.
        const refused = await fetch(`${server.baseUrl}/api/register`, {
          method: "POST",
          headers: { origin: appUrl, "content-type": "application/json" },
          body: JSON.stringify({
            name: "Common Carl",
            email: uniqueEmail(),
            password: "password123",
          }),
        });
        expect(refused.status).toBe(400);
        expect(await refused.json()).toEqual({
          error: {
            code: "VALIDATION",
            message: AUTH_MSG.commonPassword,
            fields: { password: AUTH_MSG.commonPassword },
            requestId: expect.any(String),
          },
        });

        server.kill("SIGTERM");
        expect(await server.exited).toEqual({ code: 0, signal: null });
        const messages = server.stdout
          .split("\n")
          .filter(Boolean)
          .map((line) => (JSON.parse(line) as { msg: string }).msg);
        expect(messages[0]).toMatch(
          new RegExp(
            `^Legacy Vault is listening on ${appUrl} \\(database: pglite; ready in \\d+ ms\\)$`,
          ),
        );
        expect(messages).toContain("stopped");
        expect(server.stderr).toBe("");
      } finally {
        await sink.close();
      }
    },
  );
});
