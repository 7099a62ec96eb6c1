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

const ROOT = path.join(import.meta.dirname, "..");
const WEB_DIST_INDEX = path.join(ROOT, "web", "dist", "index.html");
const RESULTS = path.join(ROOT, "test-results");
const SERVER_LOG = path.join(RESULTS, "e2e-server.log");
/** A loaded machine can take longer to migrate a fresh database: E2E_START_TIMEOUT_MS overrides it. */
const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 60_000);
const STOP_TIMEOUT_MS = 12_000;

declare module "vitest" {
  // Module augmentation needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    appUrl: string;
  }
}

/**
 * Starts the real server once for every journey: `node --import tsx server/main.ts` on a free
 * port with its own temporary DATA_DIR (embedded PostgreSQL), serving the built web/dist, with
 * TEST_CLOCK=1 so that release journeys can move the release clock forward (POST /dev/clock).
 * The returned teardown stops it (SIGTERM, then SIGKILL) and removes the data directory;
 * a failed start stops it too. A watchdog preload ends the server if this process dies.
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
  const dataDir = mkdtempSync(path.join(tmpdir(), "lv-e2e-"));
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const log = createWriteStream(SERVER_LOG);
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
        LOG_LEVEL: "warn",
        TEST_CLOCK: "1",
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
    await stop(child);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(child, port);
  } catch (err) {
    await teardown();
    const tail = existsSync(SERVER_LOG)
      ? readFileSync(SERVER_LOG, "utf8").split("\n").slice(-30).join("\n")
      : "";
    throw new Error(
      `The e2e server did not start: ${err instanceof Error ? err.message : String(err)}\n--- ${SERVER_LOG} (tail) ---\n${tail}`,
    );
  }
  project.provide("appUrl", appUrl);
  return teardown;
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
      if (!page.includes('<div id="root">'))
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
