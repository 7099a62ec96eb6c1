/**
 * Issue 13: password sign-in under load, through the real server process (`node --import tsx
 * server/main.ts`, test/server-process.ts). Registers and confirms N accounts (through the dev
 * mailbox), then signs in CONCURRENCY at a time, each request from its own address (the server
 * trusts X-Forwarded-For from 127.0.0.1 only: TRUST_PROXY, server/trust-proxy-setting.ts, so the
 * per-address limits count each client apart). Reports one sign-in alone, p50/p95 at CONCURRENCY,
 * sign-ins/s, and GET /api/health p99 idle and during the flood. Beside it, in the same run, a bare
 * baseline (scripts/bench/bare-sign-in-server.ts: node:http, one argon2id verify at the app's cost
 * per request, a health answer with nothing behind it) under the same load, and the ratios.
 * PGlite in a temporary folder; PostgreSQL with DATABASE_URL (a scratch database: it is migrated).
 * PROFILE_DIR=dir writes a CPU profile of the server process there (node --cpu-prof; read it with
 * scripts/bench/cpu-profile-top.ts). UV_THREADPOOL_SIZE, if set, reaches both servers.
 * Usage: [DATABASE_URL=postgres://…] node --import tsx scripts/bench/sign-in.ts [accounts=40] [sign-ins=400]
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { freePort, GOOD_PASSWORD } from "../../test/harness.js";
import { ServerProcess } from "../../test/server-process.js";

const ACCOUNTS = Number(process.argv[2] ?? 40);
const SIGN_INS = Number(process.argv[3] ?? 400);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const ALONE = 50;
const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux
const HEALTH_IDLE = 500;

type Target = {
  name: string;
  pid: number;
  signIn: (email: string, address: string) => Promise<void>;
  health: () => Promise<void>;
};
type Figures = {
  aloneP50: number;
  /** CPU time per sign-in, one at a time: the event loop's thread, and the whole process (the argon2 threads too). */
  mainCpu: number;
  processCpu: number;
  p50: number;
  p95: number;
  perSecond: number;
  healthIdleP99: number;
  healthFloodP99: number;
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sortedTimes = (xs: number[]) => [...xs].sort((a, b) => a - b);
let addressCounter = 0;
/** A fresh client address for each request: 10.x.y.z, never the same twice in a run. */
const nextAddress = () => {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** CPU time (user + system, ms) used so far by a process (all threads) or one of its threads, from /proc. */
function cpuMsOf(pid: number, thread?: number): number {
  const stat = readFileSync(`/proc/${pid}${thread ? `/task/${thread}` : ""}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields[0] is the 3rd field
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND; // utime, stime
}

async function timed(fn: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function measure(target: Target, emails: string[]): Promise<Figures> {
  const pick = (i: number) => emails[i % emails.length] ?? "";
  for (let i = 0; i < 20; i++) await target.signIn(pick(i), nextAddress()); // warm-up
  for (let i = 0; i < 50; i++) await target.health();
  const alone: number[] = [];
  const [main0, process0] = [cpuMsOf(target.pid, target.pid), cpuMsOf(target.pid)];
  for (let i = 0; i < ALONE; i++)
    alone.push(await timed(() => target.signIn(pick(i), nextAddress())));
  const mainCpu = (cpuMsOf(target.pid, target.pid) - main0) / ALONE;
  const processCpu = (cpuMsOf(target.pid) - process0) / ALONE;
  const idle: number[] = [];
  for (let i = 0; i < HEALTH_IDLE; i++) idle.push(await timed(target.health));

  const times: number[] = [];
  const during: number[] = [];
  let next = 0;
  let isFlooding = true;
  const started = performance.now();
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    while (next < SIGN_INS) {
      const i = next++;
      times.push(await timed(() => target.signIn(pick(i), nextAddress())));
    }
  });
  const prober = (async () => {
    while (isFlooding) during.push(await timed(target.health));
  })();
  await Promise.all(workers);
  const seconds = (performance.now() - started) / 1000;
  isFlooding = false;
  await prober;
  const sorted = sortedTimes(times);
  return {
    aloneP50: pct(sortedTimes(alone), 50),
    mainCpu,
    processCpu,
    p50: pct(sorted, 50),
    p95: pct(sorted, 95),
    perSecond: SIGN_INS / seconds,
    healthIdleP99: pct(sortedTimes(idle), 99),
    healthFloodP99: pct(sortedTimes(during), 99),
  };
}

async function expectOk(res: Response, what: string): Promise<void> {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

function appTarget(server: ServerProcess): Target {
  const post = (urlPath: string, body: unknown, address: string) =>
    fetch(`${server.baseUrl}${urlPath}`, {
      method: "POST",
      headers: {
        origin: server.origin,
        "content-type": "application/json",
        "x-forwarded-for": address,
      },
      body: JSON.stringify(body),
    });
  return {
    name: "Legacy Vault",
    pid: server.pid,
    signIn: async (email, address) => {
      const res = await post(
        "/api/auth/sign-in/email",
        { email, password: GOOD_PASSWORD },
        address,
      );
      if (!res.headers.getSetCookie().some((c) => c.includes("session_token")))
        throw new Error(`sign-in of ${email} set no session cookie (${res.status})`);
      await expectOk(res, `sign-in of ${email}`);
    },
    health: async () => expectOk(await fetch(`${server.baseUrl}/api/health`), "GET /api/health"),
  };
}

/** Registers `count` accounts, each from its own address, and confirms them through /dev/mailbox.json. */
async function registerAccounts(server: ServerProcess, count: number): Promise<string[]> {
  const run = randomBytes(4).toString("hex");
  const emails = Array.from({ length: count }, (_, i) => `bench-${run}-${i}@example.com`);
  const headers = (address: string) => ({
    origin: server.origin,
    "content-type": "application/json",
    "x-forwarded-for": address,
  });
  for (let i = 0; i < emails.length; i += 5)
    await Promise.all(
      emails.slice(i, i + 5).map(async (email) => {
        const res = await fetch(`${server.baseUrl}/api/register`, {
          method: "POST",
          headers: headers(nextAddress()),
          body: JSON.stringify({ name: "Bench User", email, password: GOOD_PASSWORD }),
        });
        await expectOk(res, `register ${email}`);
      }),
    );
  const { body } = await server.json<{ messages: { to: string; text: string }[] }>(
    "GET",
    "/dev/mailbox.json",
  );
  for (const email of emails) {
    const text = body.messages.find((m) => m.to === email)?.text ?? "";
    const link = /https?:\/\/\S*\/auth\/callback\S*/.exec(text)?.[0];
    if (!link) throw new Error(`no confirmation link for ${email}`);
    const token = new URL(link).searchParams.get("code") ?? "";
    const res = await fetch(`${server.baseUrl}/api/auth/verify-email?token=${token}`, {
      headers: { "x-forwarded-for": nextAddress() },
    });
    await expectOk(res, `confirm ${email}`);
  }
  return emails;
}

async function startBare(): Promise<{ target: Target; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/bench/bare-sign-in-server.ts", GOOD_PASSWORD],
    { cwd: path.join(import.meta.dirname, "..", ".."), stdio: ["ignore", "pipe", "inherit"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", (code) => reject(new Error(`bare server exited ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    target: {
      name: "bare",
      pid: child.pid ?? 0,
      signIn: async (_email, address) => {
        const res = await fetch(`${base}/verify`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": address },
          body: JSON.stringify({ password: GOOD_PASSWORD }),
        });
        await expectOk(res, "bare verify");
      },
      health: async () => expectOk(await fetch(`${base}/health`), "bare health"),
    },
    stop: async () => {
      child.removeAllListeners("exit");
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const url = process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), "lv-sign-in-"));
const port = await freePort();
const profileDir = process.env.PROFILE_DIR;
const server = new ServerProcess(
  port,
  {
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
    TRUST_PROXY: "127.0.0.1",
    ...(url ? { DATABASE_URL: url } : {}),
  },
  profileDir ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] } : {},
);
const bare = await startBare();
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    server.kill("SIGTERM");
    void bare.stop().finally(() => process.exit(1));
  });
try {
  await server.waitUntilListening();
  console.log(
    `node ${process.version}, ${cpus().length} cores, UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? "unset (4)"}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `database: ${url ? `PostgreSQL (${new URL(url).host}${new URL(url).pathname})` : "PGlite"}; ${ACCOUNTS} accounts, ${SIGN_INS} sign-ins ${CONCURRENCY} at a time`,
  );
  const emails = await registerAccounts(server, ACCOUNTS);
  const bareFigures = await measure(bare.target, emails);
  const ours = await measure(appTarget(server), emails);
  const rows: [string, keyof Figures | "healthRatio", string][] = [
    ["one sign-in alone, p50", "aloneP50", "ms"],
    ["  CPU per sign-in, event-loop thread", "mainCpu", "ms"],
    ["  CPU per sign-in, whole process", "processCpu", "ms"],
    [`${CONCURRENCY} at once, p50`, "p50", "ms"],
    [`${CONCURRENCY} at once, p95`, "p95", "ms"],
    ["sign-ins per second", "perSecond", "/s"],
    ["GET /api/health p99, idle", "healthIdleP99", "ms"],
    ["GET /api/health p99, during the flood", "healthFloodP99", "ms"],
    ["  during / idle", "healthRatio", "×"],
  ];
  const value = (f: Figures, key: keyof Figures | "healthRatio") =>
    key === "healthRatio" ? f.healthFloodP99 / f.healthIdleP99 : f[key];
  console.log(
    `${"".padEnd(40)}${"ours".padStart(10)}${"bare".padStart(10)}${"ours/bare".padStart(11)}`,
  );
  for (const [label, key, unit] of rows) {
    const a = value(ours, key);
    const b = value(bareFigures, key);
    console.log(
      `${label.padEnd(40)}${a.toFixed(1).padStart(10)}${b.toFixed(1).padStart(10)}${(a / b).toFixed(2).padStart(10)}×  ${unit}`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  await bare.stop();
  server.kill("SIGTERM");
  const { code } = await server.exited;
  if (code !== 0) console.error(`the server exited ${code}:\n${server.stderr}`);
  rmSync(dataDir, { recursive: true, force: true });
}
