/**
 * Issue 4: the server's memory while 4 concurrent 10 MB uploads run must grow by less than 100 MB.
 * Starts the real server process (PGlite in a temporary folder, or PostgreSQL with DATABASE_URL set
 * to a scratch database), uploads encrypted documents at the same time and reports its resident
 * memory (VmRSS) before, at its peak (VmHWM) and after each round. The first round is the cold one;
 * exits 1 when a round grows by the goal or more. Not a test: the peak moves by 20-40 MB from run
 * to run with the garbage collector's timing (first rounds measured with files in 1 MiB pieces:
 * PostgreSQL 77-90 MB, PGlite 20-25 MB; docs/decisions/015).
 * Usage: node --import tsx scripts/bench/upload-memory.ts [uploads=4] [megabytes=10] [rounds=3]
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { GOOD_PASSWORD, freePort, uniqueEmail } from "../../test/harness.js";
import { ServerProcess } from "../../test/server-process.js";
import { encryptBytes, importDataKey, sealAsset, sealTitle } from "../../test/vault-crypto.js";

const MB = 1024 * 1024;

type UploadMemoryRound = {
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  afterMb: number;
  seconds: number;
};
type UploadMemoryOptions = {
  uploads?: number;
  megabytes?: number;
  rounds?: number;
  /** PostgreSQL for the server (a scratch database: it is migrated); PGlite in a temporary folder otherwise. */
  databaseUrl?: string;
  /** Called with each line of progress. */
  onLine?: (line: string) => void;
};

/** The process's resident memory now and its peak since the last reset, in MB (Linux /proc). */
function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
}

/** Starts VmHWM again from the current RSS (writing 5 to clear_refs), so it holds the peak of what follows. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A signed-in user of the server process: registers, follows the link from the dev mailbox, keeps the session cookie. */
async function signUp(server: ServerProcess) {
  const email = uniqueEmail("bench");
  const register = await server.json("POST", "/api/register", {
    name: "Bench User",
    email,
    password: GOOD_PASSWORD,
  });
  if (register.status !== 200) throw new Error(`register -> ${register.status}`);
  const mailbox = await server.json<{ messages: { to: string; text: string }[] }>(
    "GET",
    "/dev/mailbox.json",
  );
  const code = mailbox.body.messages
    .find((m) => m.to === email)
    ?.text.match(/[?&]code=([^\s&]+)/)?.[1];
  if (!code) throw new Error("no confirmation link in the dev mailbox");
  const verify = await fetch(`${server.baseUrl}/api/auth/verify-email?token=${code}`, {
    headers: { origin: server.origin },
    redirect: "manual",
  });
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`verify -> ${verify.status}, no session`);
  const headers = { origin: server.origin, cookie };
  const call = async <T>(method: string, urlPath: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${urlPath}`, {
      method,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${urlPath} -> ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return { headers, call };
}

/**
 * Starts the real server process, signs a user up, and uploads `uploads` encrypted documents of
 * `megabytes` each at the same time, `rounds` times; for each round, the server's resident memory
 * before (settled), its peak during the uploads (VmHWM, and sampled every 20 ms) and after.
 */
async function measureUploadMemory({
  uploads = 4,
  megabytes = 10,
  rounds = 2,
  databaseUrl,
  onLine = () => {},
}: UploadMemoryOptions = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), "lv-upload-memory-"));
  const server = new ServerProcess(await freePort(), {
    DATA_DIR: dir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    await server.waitUntilListening(180_000);
    onLine(`server pid ${server.pid} listening (${databaseUrl ? "PostgreSQL" : "PGlite"})`);
    const user = await signUp(server);
    const dataKey = await importDataKey(
      (await user.call<{ dataKey: string }>("GET", "/api/vault/key")).dataKey,
    );
    const documents = [];
    for (let i = 0; i < uploads; i++) {
      const id = randomUUID();
      const { ck, wrappedKey, encryptedData } = await sealAsset(dataKey, id, {
        fileName: `bench-${i}.pdf`,
        contentType: "application/pdf",
        fileSize: megabytes * MB,
        notes: "",
      });
      await user.call("POST", "/api/assets", {
        id,
        type: "document",
        encryptedTitle: await sealTitle(ck, id, `Bench ${i}`),
        beneficiaryEmails: [],
        wrappedKey,
        encryptedData,
      });
      documents.push({ id, ciphertext: await encryptBytes(ck, randomBytes(megabytes * MB)) });
    }

    const results: UploadMemoryRound[] = [];
    for (let round = 1; round <= rounds; round++) {
      await settle(2000);
      const baselineMb = memoryOf(server.pid).rssMb;
      resetPeak(server.pid);
      let sampledMb = baselineMb;
      const sampler = setInterval(
        () => (sampledMb = Math.max(sampledMb, memoryOf(server.pid).rssMb)),
        20,
      );
      const started = performance.now();
      const statuses = await Promise.all(
        documents.map(async ({ id, ciphertext }) => {
          const res = await fetch(`${server.baseUrl}/api/assets/${id}/files/document`, {
            method: "PUT",
            headers: {
              ...user.headers,
              "content-type": "application/octet-stream",
              "x-content-type": "application/pdf",
            },
            body: ciphertext,
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      if (statuses.some((s) => s !== 200))
        throw new Error(`uploads answered ${statuses.join(", ")}`);
      const peakMb = Math.max(sampledMb, memoryOf(server.pid).hwmMb);
      await settle(2000);
      const result = {
        baselineMb,
        peakMb,
        growthMb: peakMb - baselineMb,
        afterMb: memoryOf(server.pid).rssMb,
        seconds,
      };
      results.push(result);
      onLine(
        `round ${round}: ${uploads} x ${megabytes} MB in ${seconds.toFixed(1)} s; RSS before ${baselineMb.toFixed(0)} MB, peak ${peakMb.toFixed(0)} MB ` +
          `(+${result.growthMb.toFixed(0)} MB), after ${result.afterMb.toFixed(0)} MB`,
      );
    }
    return results;
  } finally {
    server.kill("SIGKILL");
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

const GOAL_MB = 100;
const uploads = Number(process.argv[2] ?? 4);
const megabytes = Number(process.argv[3] ?? 10);
const rounds = Number(process.argv[4] ?? 3);
const load = () => loadavg().map((l) => l.toFixed(2));

console.log(`load average ${load().join(" ")}`);
const results = await measureUploadMemory({
  uploads,
  megabytes,
  rounds,
  databaseUrl: process.env.DATABASE_URL,
  onLine: (line) => console.log(line),
});
const worst = Math.max(...results.map((r) => r.growthMb));
console.log(
  `worst growth ${worst.toFixed(0)} MB (goal < ${GOAL_MB} MB): ${worst < GOAL_MB ? "ok" : "OVER"}; load average ${load().join(" ")}`,
);
if (worst >= GOAL_MB) process.exitCode = 1;
