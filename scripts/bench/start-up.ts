/**
 * Issue 14: the compiled server must be ready within 1 s on an already-migrated database.
 * Starts `node dist/server/main.js` (run `npm run build` first) once to create and migrate the
 * database, then `runs` more times on it, stopping it with SIGTERM each time. For each start it
 * prints the wall-clock time from spawn to the first 200 on /api/health, the server's own
 * "ready in N ms" (from main() to listening: module loading is not in it), and the CPU time the
 * process had used by then (user + system, all its threads, from /proc: what the start costs,
 * which other work on the machine moves less than the wall clock). In production mode, as
 * `npm run start:prod` runs (an SMTP_URL that nothing answers: the mailer connects only to send).
 * PGlite in a temporary folder; with DATABASE_URL, then also that PostgreSQL database (it is
 * migrated: use a scratch one).
 * Usage: [DATABASE_URL=postgres://…] node --import tsx scripts/bench/start-up.ts [runs=5]
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../test/harness.js";
import { COMPILED_SERVER, ServerProcess } from "../../test/server-process.js";

const runs = Number(process.argv[2] ?? 5);
const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux

type Start = { wallMs: number; readyMs: number; cpuMs: number };

/** CPU time used so far by process `pid` (user + system, in ms), from /proc/PID/stat. */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // after "pid (comm) "; fields[0] is the 3rd field
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND; // utime, stime: 14th and 15th
}

async function startOnce(env: Record<string, string>): Promise<Start> {
  const spawned = performance.now();
  const server = new ServerProcess(await freePort(), env, { compiled: true });
  let exited = false;
  void server.exited.then(() => (exited = true));
  let wallMs = 0;
  let cpuMs = 0;
  while (!wallMs) {
    if (exited) throw new Error(`the server exited:\n${server.stdout}\n${server.stderr}`);
    if (performance.now() - spawned > 120_000)
      throw new Error(`no 200 on /api/health within 120 s:\n${server.stdout}\n${server.stderr}`);
    const ok = await fetch(`${server.baseUrl}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) {
      wallMs = performance.now() - spawned;
      cpuMs = cpuMsOf(server.pid);
    } else await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await server.waitForOutput(/ready in \d+ ms/);
  const readyMs = Number(/ready in (\d+) ms/.exec(server.stdout)?.[1]);
  server.kill("SIGTERM");
  const { code } = await server.exited;
  if (code !== 0) throw new Error(`the server exited ${code} on SIGTERM:\n${server.stderr}`);
  return { wallMs, readyMs, cpuMs };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const line = (label: string, s: Start) =>
  `${label.padEnd(34)} wall ${String(Math.round(s.wallMs)).padStart(5)} ms   ready in ${String(s.readyMs).padStart(5)} ms   cpu ${String(Math.round(s.cpuMs)).padStart(5)} ms`;

async function bench(engine: string, env: Record<string, string>) {
  console.log(`\n${engine}`);
  console.log(line("first start (creates, migrates)", await startOnce(env)));
  const starts: Start[] = [];
  for (let i = 1; i <= runs; i++) {
    starts.push(await startOnce(env));
    console.log(line(`start ${i} (migrated)`, starts.at(-1)!));
  }
  console.log(
    line(
      "median",
      (["wallMs", "readyMs", "cpuMs"] as const).reduce(
        (m, k) => ({ ...m, [k]: median(starts.map((s) => s[k])) }),
        {} as Start,
      ),
    ),
  );
}

if (!existsSync(COMPILED_SERVER)) {
  console.error(
    `${path.relative(process.cwd(), COMPILED_SERVER)} is missing: run \`npm run build\` first.`,
  );
  process.exit(1);
}
console.log(
  `node ${process.version}, ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const production = {
  NODE_ENV: "production",
  SMTP_URL: "smtp://127.0.0.1:9",
  VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
  RELEASE_EVIDENCE_KEY: randomBytes(32).toString("base64"),
  APP_URL: "https://vault.example",
};
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "lv-start-up-"));
  dirs.push(dir);
  return dir;
};
try {
  await bench("PGlite", { ...production, DATA_DIR: tempDir() });
  const url = process.env.DATABASE_URL;
  if (url)
    await bench(`PostgreSQL (${new URL(url).host}${new URL(url).pathname})`, {
      ...production,
      DATA_DIR: tempDir(),
      DATABASE_URL: url,
    });
  else console.log("\n(PostgreSQL: set DATABASE_URL to a scratch database to measure it too)");
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
