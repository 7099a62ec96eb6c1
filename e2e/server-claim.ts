import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** How long a journey file waits for a free server before it fails (all are taken only briefly). */
const CLAIM_TIMEOUT_MS = 60_000;
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** A lock whose process has gone (a worker that crashed) is free again. */
function isStale(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(lock, "pid"), "utf8"));
  } catch {
    return false; // being written this moment, or gone already
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/**
 * One server of e2e/global-setup.ts for this journey file alone, until `release` (e2e/setup.ts,
 * after the file): a lock folder per server, made atomically (mkdir), with the owner's pid. The
 * worker's pool id picks the first server to try, but does not decide: Vitest's pool ids are the
 * lowest free ones across every project's workers, so two journey files at once could map to the
 * same server by id, and one file's release clock (POST /dev/clock) would move under the other
 * (a verifier's 30-minute session ended at once).
 */
export function claimServer(
  urls: string[],
  locks: string,
  preferred: number,
): { url: string; release: () => void } {
  const deadline = Date.now() + CLAIM_TIMEOUT_MS;
  for (;;) {
    for (let k = 0; k < urls.length; k++) {
      const i = (preferred + k) % urls.length;
      const lock = path.join(locks, `server-${i}`);
      try {
        mkdirSync(lock);
      } catch {
        if (isStale(lock)) rmSync(lock, { recursive: true, force: true });
        continue;
      }
      writeFileSync(path.join(lock, "pid"), String(process.pid));
      return { url: urls[i] ?? "", release: () => rmSync(lock, { recursive: true, force: true }) };
    }
    if (Date.now() > deadline)
      throw new Error(`no free e2e server within ${CLAIM_TIMEOUT_MS / 1000} s (${locks})`);
    pause(100);
  }
}
