import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./lock.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lv-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number(child.stdout);
}

describe("lockDataDir", () => {
  it("writes this process's pid and removes the lock when released", () => {
    const dir = tempDir();
    const unlock = lockDataDir(dir);
    const file = path.join(dir, "legacy-vault.lock");
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    unlock();
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a second owner while the first one's process is alive, with a message saying what to do", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "legacy-vault.lock"), String(process.ppid)); // the parent (vitest) is alive
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(
      `Another Legacy Vault process (pid ${process.ppid}) is using the data directory ${dir}`,
    );
    expect((error as Error).message).toMatch(/another DATA_DIR|DATABASE_URL/);
    expect(readFileSync(path.join(dir, "legacy-vault.lock"), "utf8")).toBe(String(process.ppid));
  });

  it("takes over the lock of a process that died without releasing it", () => {
    const dir = tempDir();
    const pid = deadPid();
    writeFileSync(path.join(dir, "legacy-vault.lock"), String(pid));
    const unlock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "legacy-vault.lock"), "utf8")).toBe(String(process.pid));
    unlock();
  });

  it("takes over a lock file left empty or garbled by a crash", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "legacy-vault.lock"), "");
    lockDataDir(dir)();
    writeFileSync(path.join(dir, "legacy-vault.lock"), "not-a-pid");
    lockDataDir(dir)();
  });
});
