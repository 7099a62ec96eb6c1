import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  backupSocketPath,
  BackupSocketError,
  requestBackup,
  serveBackups,
} from "./backup-socket.js";

const dir = mkdtempSync(path.join(tmpdir(), "lv-backup-socket-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the app's backup socket (docs/decisions/030-backups.md)", () => {
  it("hands over the dump, readable by the app's OS user only, replacing a socket file a dead process left", async () => {
    const socketPath = backupSocketPath(mkdtempSync(path.join(dir, "data-")));
    writeFileSync(socketPath, "left by a process that died");
    const bytes = Buffer.from("a gzip tar, say");
    const stop = await serveBackups(
      socketPath,
      async () => new Blob([bytes]),
      () => {},
    );
    try {
      expect(statSync(socketPath).isSocket()).toBe(true);
      expect(statSync(socketPath).mode & 0o777).toBe(0o600);
      expect((await requestBackup(socketPath)).equals(bytes)).toBe(true);
    } finally {
      await stop();
    }
    expect(() => statSync(socketPath)).toThrow();
  });

  it("reports the app's failure, and an answer cut short, instead of writing a file", async () => {
    const socketPath = backupSocketPath(dir);
    const logged: string[] = [];
    const stop = await serveBackups(
      socketPath,
      () => Promise.reject(new Error("PGlite is closing")),
      (m) => logged.push(m),
    );
    try {
      await expect(requestBackup(socketPath)).rejects.toThrow(
        new BackupSocketError("the app could not take the backup: PGlite is closing"),
      );
      expect(logged).toEqual(["backup request failed: PGlite is closing"]);
    } finally {
      await stop();
    }
    const short = net.createServer((socket) => socket.end("LV-BACKUP OK 100\nonly this"));
    await new Promise<void>((resolve) => short.listen(socketPath, resolve));
    try {
      await expect(requestBackup(socketPath)).rejects.toThrow(
        "the app sent 9 of 100 bytes; try again",
      );
    } finally {
      await new Promise((resolve) => short.close(resolve));
    }
    await expect(requestBackup(socketPath)).rejects.toThrow(
      /cannot reach .*backup\.sock \(ENOENT\)/,
    );
  });
});
