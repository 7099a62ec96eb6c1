import type { DataKeyView } from "../../common/keys.js";
import { buildOwnerWithKeys, makeAccountKeys } from "../../test/factories/owner-keys.js";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { APP_MSG } from "../../common/app.js";
import { PGLITE_TEMPLATE, withDatabase } from "../../test/global-setup.js";
import { createTestContext, freePort, uniqueEmail, type TestContext } from "../../test/harness.js";
import { ServerProcess } from "../../test/server-process.js";
import { openPglite, openPostgres } from "./client.js";
import { PGLITE_MIN_FREE_BYTES } from "./storage-guard.js";
import { PG_SERVER_URL, isPgServerReachable, pgAdmin } from "../../test/pg-admin.js";

/**
 * A real full disk: the server's DATA_DIR is a small tmpfs of its own, filled by a file. Mounting
 * needs root (CI runs as root); elsewhere the test says it is skipped.
 */
const mountPoint = mkdtempSync(path.join(tmpdir(), "lv-disk-full-"));
const canMount = (() => {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=160m", "tmpfs", mountPoint], {
      stdio: "ignore",
    });
    return true;
  } catch {
    return false;
  }
})();
const FILLER = path.join(mountPoint, "filler");

let server: ServerProcess | undefined;

afterAll(async () => {
  server?.kill("SIGKILL");
  await server?.exited;
  if (canMount) execFileSync("umount", ["--lazy", mountPoint]); // lazy: a stopped engine keeps its files open
  rmSync(mountPoint, { recursive: true, force: true });
});

/**
 * Takes the tmpfs's free space but `leaveBytes` (at most that is left). The engine may still be
 * writing (its last write's files) between the measure and the fill: a fill refused for want of
 * space measures again (seen once: "fallocate failed: No space left on device").
 */
function fillDisk(leaveBytes = 0): void {
  const free = () => statfsSync(mountPoint).bavail * statfsSync(mountPoint).bsize;
  for (let attempt = 1; free() > leaveBytes; attempt++) {
    if (attempt > 5) throw new Error(`the tmpfs still has ${free()} bytes free after 5 fills`);
    const name = `${FILLER}-${Date.now()}-${attempt}`;
    try {
      execFileSync("fallocate", ["-l", String(free() - leaveBytes), name], { stdio: "pipe" });
    } catch {
      // refused for want of space: the engine wrote meanwhile; measure again
    }
  }
  expect(free()).toBeLessThanOrEqual(leaveBytes);
}

function freeDisk(): void {
  for (const name of readdirSync(mountPoint))
    if (name.startsWith("filler-")) rmSync(path.join(mountPoint, name));
}

/** Seconds of CPU (user + system) the process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A browser on the app's origin that keeps its session cookie. */
class Browser {
  private cookie = "";
  constructor(private readonly server: ServerProcess) {}
  async json<T>(
    method: string,
    urlPath: string,
    body?: unknown,
    timeoutMs = 10_000,
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.server.baseUrl}${urlPath}`, {
      method,
      headers: {
        origin: this.server.origin,
        cookie: this.cookie,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (set.length > 0) this.cookie = set.join("; ");
    return { status: res.status, body: (await res.json()) as T };
  }
}

/** Registers, confirms through the development mailbox and signs in. */
async function signedIn(server: ServerProcess): Promise<Browser> {
  const browser = new Browser(server);
  const email = uniqueEmail("disk");
  const made = await makeAccountKeys("Marble-Sparrow-45");
  expect(
    (
      await browser.json("POST", "/api/register", {
        name: "Disk Full",
        email,
        password: made.signInSecret,
        keys: made.keys, // as the web app registers (decision 038): the key exists before the disk fills
      })
    ).status,
  ).toBe(200);
  const mailbox = await browser.json<{ messages: { to: string; text: string }[] }>(
    "GET",
    "/dev/mailbox.json",
  );
  const link = mailbox.body.messages
    .find((m) => m.to === email)
    ?.text.match(/https?:\/\/\S*\/auth\/callback\S*/)?.[0];
  const code = new URL(link ?? "http://x/").searchParams.get("code");
  expect((await browser.json("GET", `/api/auth/verify-email?token=${code}`)).status).toBe(200);
  return browser;
}

/** A beneficiary with about 2 KB of sealed details (an owner with keys sends nothing in clear). */
const beneficiary = () => ({
  name: "Filling Fay",
  email: uniqueEmail("fay"),
  details: {
    wrappedKey: randomBytes(60).toString("base64"),
    data: randomBytes(2000).toString("base64"),
  },
});
type ErrorBody = { error: { code: string; message: string } };

describe("PGlite on a full disk (a real server process on a filled tmpfs)", () => {
  it.skipIf(!canMount)(
    "answers writes 507 with a clear message, keeps serving reads without spinning, recovers when space returns, and stops on SIGTERM (skipped when tmpfs cannot be mounted: needs root)",
    { timeout: 60_000 },
    async () => {
      const dataDir = path.join(mountPoint, "data");
      const initial = existsSync(PGLITE_TEMPLATE)
        ? await openPglite(path.join(dataDir, "pglite"), new Blob([readFileSync(PGLITE_TEMPLATE)]))
        : await openPglite(path.join(dataDir, "pglite"));
      await initial.migrate();
      await initial.close();
      server = new ServerProcess(await freePort(), {
        DATA_DIR: dataDir,
        VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
      });
      await server.waitUntilListening(50_000);
      const browser = await signedIn(server);
      expect((await browser.json("POST", "/api/beneficiaries", beneficiary())).status).toBe(201);

      // Short of space but not yet full: PGlite is kept from ever meeting a full disk (a failed
      // checkpoint or WAL segment leaves it spinning), so writes are refused already.
      fillDisk(PGLITE_MIN_FREE_BYTES / 2);
      const storageFull = {
        status: 507,
        body: {
          error: {
            code: "STORAGE_FULL",
            message: APP_MSG.storageFull,
            requestId: expect.any(String),
          },
        },
      };
      expect(await browser.json("POST", "/api/beneficiaries", beneficiary())).toEqual(storageFull);

      // Full: the same answer.
      fillDisk();
      expect(await browser.json("POST", "/api/beneficiaries", beneficiary())).toEqual(storageFull);
      expect(
        await browser.json("PATCH", "/api/profile", {
          name: "Still Me",
          phone: null,
          address: null,
        }),
      ).toEqual(storageFull);

      // Reads are served, and the process is idle between requests (no spinning on the full disk).
      const me = await browser.json<{ user: { email: string } }>("GET", "/api/me");
      expect(me.status).toBe(200);
      // The owner still opens their vault: the key fetch's audit row is best-effort (its first fetch here, so it has one to write).
      const key = await browser.json<DataKeyView>("GET", "/api/vault/key");
      expect(key.status).toBe(200);
      expect(key.body.passwordWrappedKey).toEqual(expect.any(String));
      expect(
        (await browser.json<{ beneficiaries: unknown[] }>("GET", "/api/beneficiaries")).body
          .beneficiaries.length,
      ).toBeGreaterThan(0);
      const before = cpuSeconds(server.pid);
      await new Promise((r) => setTimeout(r, 2000));
      expect(cpuSeconds(server.pid) - before).toBeLessThan(0.5);

      // Space returns: the next write succeeds, no restart.
      freeDisk();
      expect((await browser.json("POST", "/api/beneficiaries", beneficiary())).status).toBe(201);
      expect((await browser.json("GET", "/api/health")).status).toBe(200);

      // Full again, and stopped: SIGTERM ends the process within a few seconds.
      fillDisk();
      expect((await browser.json("POST", "/api/beneficiaries", beneficiary())).status).toBe(507);
      const stopAt = Date.now();
      server.kill("SIGTERM");
      const exit = await Promise.race([
        server.exited,
        new Promise((r) => setTimeout(() => r("still running"), 5000)),
      ]);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(Date.now() - stopAt).toBeLessThan(5000);
    },
  );
});

const isLocalServer = ["127.0.0.1", "localhost"].includes(new URL(PG_SERVER_URL).hostname);

const isServerReachable = isLocalServer && (await isPgServerReachable());

describe("PostgreSQL on a full disk (the test database in a tablespace on a filled tmpfs)", () => {
  it.skipIf(!canMount || !isServerReachable)(
    `answers writes 507 with a clear message, keeps serving reads and recovers when space returns (skipped without root or without a PostgreSQL server on this machine at ${new URL(PG_SERVER_URL).host})`,
    { timeout: 60_000 },
    async () => {
      const suffix = randomBytes(4).toString("hex");
      const [tablespace, name] = [`lv_t_db_ts_${suffix}`, `lv_t_db_${suffix}`];
      const tsMount = mkdtempSync(path.join(tmpdir(), "lv-pg-disk-full-"));
      const location = path.join(tsMount, "tablespace");
      const filler = path.join(tsMount, "filler");
      let ctx: TestContext | undefined;
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=48m", "tmpfs", tsMount]);
      try {
        execFileSync("install", ["-d", "-o", "postgres", "-g", "postgres", "-m", "700", location]);
        await pgAdmin((c) => c.query(`create tablespace ${tablespace} location '${location}'`));
        await pgAdmin((c) => c.query(`create database ${name} tablespace ${tablespace}`));
        ctx = await createTestContext(
          {},
          { database: openPostgres(withDatabase(PG_SERVER_URL, name)) },
        );
        const user = await buildOwnerWithKeys(ctx);
        expect((await user.client.json("POST", "/api/beneficiaries", beneficiary())).status).toBe(
          201,
        );

        const { bavail, bsize } = statfsSync(tsMount);
        execFileSync("fallocate", ["-l", String(bavail * bsize), filler]);
        let refused: { status: number; body: ErrorBody } | undefined;
        for (let i = 0; i < 25 && !refused; i++) {
          const res = await user.client.json<ErrorBody>(
            "POST",
            "/api/beneficiaries",
            beneficiary(),
          );
          if (res.status !== 201) refused = res;
        }
        expect(refused).toEqual({
          status: 507,
          body: {
            error: {
              code: "STORAGE_FULL",
              message: APP_MSG.storageFull,
              requestId: expect.any(String),
            },
          },
        });
        expect(
          (await user.client.json<{ beneficiaries: unknown[] }>("GET", "/api/beneficiaries")).body
            .beneficiaries.length,
        ).toBeGreaterThan(0);
        expect((await user.client.json("GET", "/api/me")).status).toBe(200);
        expect((await user.client.json("GET", "/api/vault/key")).status).toBe(200);

        rmSync(filler);
        expect((await user.client.json("POST", "/api/beneficiaries", beneficiary())).status).toBe(
          201,
        );
      } finally {
        await ctx?.close();
        await pgAdmin((c) => c.query(`drop database if exists ${name} with (force)`)).catch(
          () => {},
        );
        await pgAdmin((c) => c.query(`drop tablespace if exists ${tablespace}`)).catch(() => {});
        execFileSync("umount", [tsMount]);
        rmSync(tsMount, { recursive: true, force: true });
      }
    },
  );
});
