import { spawn, type ChildProcess } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { CHROMIUM_MISSING, CHROMIUM_PATH } from "./chromium.js";
import { E2E_WORKERS } from "./workers.js";

const ROOT = path.join(import.meta.dirname, "..");
const WEB_DIST_INDEX = path.join(ROOT, "web", "dist", "index.html");
const RESULTS = path.join(ROOT, "test-results");
/** A loaded machine can take longer to migrate a fresh database: E2E_START_TIMEOUT_MS overrides it. */
const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 60_000);
const STOP_TIMEOUT_MS = 12_000;

declare module "vitest" {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    appUrls: string[];
    /** A folder for e2e/server-claim.ts's locks: one journey file per server at a time. */
    appLocks: string;
  }
}

/**
 * Starts the real server once per journey worker (E2E_WORKERS, default 2): `node --import tsx
 * server/main.ts` on a free port with its own temporary DATA_DIR (embedded PostgreSQL), serving
 * the built web/dist, with TEST_CLOCK=1 so that release journeys can move the release clock
 * forward (POST /dev/clock). A worker talks only to its own server (e2e/fixtures.ts appUrl), so
 * one file moving the clock never moves it under another (docs/decisions/057). The returned
 * teardown stops them (SIGTERM, then SIGKILL) and removes their data directories; a failed start
 * stops them too. A watchdog preload ends a server if this process dies.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  if (!existsSync(WEB_DIST_INDEX)) {
    throw new Error(
      "web/dist/index.html is missing: the journeys test the built app. Run `npm run build` first (`npm test` does).",
    );
  }
  warnIfDistIsStale();
  mkdirSync(RESULTS, { recursive: true });

  const started = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, (_, i) => startServer(i + 1)),
  );
  const servers = started.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const teardown = async () => {
    await Promise.all(servers.map((s) => s.teardown()));
  };
  const failed = started.find((r) => r.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  project.provide(
    "appUrls",
    servers.map((s) => s.appUrl),
  );
  const locks = mkdtempSync(path.join(tmpdir(), "lv-e2e-locks-"));
  project.provide("appLocks", locks);
  return async () => {
    await teardown();
    rmSync(locks, { recursive: true, force: true });
  };
}

/** Server `n` logs to test-results/e2e-server-<n>.log. */
async function startServer(n: number): Promise<{ appUrl: string; teardown: () => Promise<void> }> {
  const serverLog = path.join(RESULTS, `e2e-server-${n}.log`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "lv-e2e-"));
  const database = await createDatabase(n);
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const log = createWriteStream(serverLog);
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./e2e/exit-with-parent.mjs", "server/main.ts"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: appUrl,
        DATA_DIR: dataDir,
        ...(database ? { DATABASE_URL: database.url } : {}),
        LOG_LEVEL: "warn",
        TEST_CLOCK: "1",
        // Each browser context and API helper names its own client address (e2e/fixtures.ts).
        TRUST_PROXY: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const teardown = async () => {
    process.off("exit", killOnExit);
    const cpu = cpuSeconds(child.pid);
    await stop(child);
    await database?.drop();
    if (cpu !== null && process.env.E2E_SERVER_CPU === "1")
      process.stderr.write(`e2e server ${n}: ${cpu.toFixed(1)} s of CPU\n`);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(child, port);
  } catch (err) {
    await teardown();
    const tail = existsSync(serverLog)
      ? readFileSync(serverLog, "utf8").split("\n").slice(-30).join("\n")
      : "";
    throw new Error(
      `The e2e server did not start: ${err instanceof Error ? err.message : String(err)}\n--- ${serverLog} (tail) ---\n${tail}`,
    );
  }
  return { appUrl, teardown };
}

/**
 * With E2E_DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres),
 * server `n` gets a database of its own there, made now and dropped at the end, instead of
 * embedded PGlite in its data directory.
 */
async function createDatabase(n: number) {
  const base = process.env.E2E_DATABASE_URL;
  if (!base) return null;
  const { default: pg } = await import("pg");
  const name = `lv_e2e_${process.pid}_${n}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The CPU time a process has used so far (user and system), from /proc; null where there is none. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

async function waitUntilReady(child: ChildProcess, port: number): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) =>
      reject(new Error(`server exited early (code ${code}, signal ${signal})`)),
    ),
  );
  exited.catch(() => {}); // observed below; avoids an unhandled rejection after a successful start
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const ok = await Promise.race([
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (ok) {
      const page = await fetch(`http://127.0.0.1:${port}/welcome`).then((r) => r.text());
      // (/welcome's #root holds its prerendered markup: decision 058)
      if (!page.includes('<div id="root"'))
        throw new Error(
          "the server is up but does not serve web/dist (GET /welcome has no app shell)",
        );
      return;
    }
    await Promise.race([new Promise((r) => setTimeout(r, 200)), exited]);
  }
  throw new Error(`no healthy answer from /api/health within ${START_TIMEOUT_MS / 1000} s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** The journeys run against web/dist: say so when the sources changed after the last build. */
function warnIfDistIsStale() {
  const src = path.join(ROOT, "web", "src");
  const built = statSync(WEB_DIST_INDEX).mtimeMs;
  const newest = Math.max(
    0,
    ...readdirSync(src, { recursive: true, encoding: "utf8" }).map(
      (f) => statSync(path.join(src, f)).mtimeMs,
    ),
  );
  if (newest > built)
    process.stderr.write(
      "e2e: web/src changed after the last build; the journeys test web/dist. Run `npm run build` to test your changes.\n",
    );
}
