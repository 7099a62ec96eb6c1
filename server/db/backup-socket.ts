import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * PGlite's data directory belongs to the one process that has it open (server/db/lock.ts), and
 * only that process can take a consistent copy of it. The running app answers backup requests on
 * a Unix socket next to the directory, readable by its own OS user only
 * (docs/decisions/030-backups.md). One request a connection; the answer is one header line,
 * `LV-BACKUP OK <bytes>` followed by exactly that many bytes (a gzip tar of the data directory),
 * or `LV-BACKUP ERR <message>`.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, "backup.sock");

const HEADER = "LV-BACKUP";

/** Serves `dump()` on the socket at `socketPath`; the returned function stops serving and removes the socket. */
export async function serveBackups(
  socketPath: string,
  dump: () => Promise<Blob>,
  onError: (message: string) => void,
): Promise<() => Promise<void>> {
  // Only the process holding the data directory's lock gets here: a socket file left there is a dead process's.
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    socket.on("error", () => {
      /* the backup command went away: nothing to answer */
    });
    dump()
      .then(async (blob) => {
        socket.write(`${HEADER} OK ${blob.size}\n`);
        socket.end(Buffer.from(await blob.arrayBuffer()));
      })
      .catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        onError(`backup request failed: ${message}`);
        socket.end(`${HEADER} ERR ${message.replace(/\n/g, " ")}\n`);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
}

/** Asks the process serving `socketPath` for a backup; resolves with its bytes, rejects with a readable reason. */
export function requestBackup(socketPath: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (err: NodeJS.ErrnoException) =>
      reject(new BackupSocketError(`cannot reach ${socketPath} (${err.code ?? err.message})`)),
    );
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      const header = newline < 0 ? all.toString("utf8") : all.subarray(0, newline).toString("utf8");
      const ok = header.match(/^LV-BACKUP OK (\d+)$/);
      if (ok) {
        const body = all.subarray(newline + 1);
        if (body.length === Number(ok[1])) resolve(body);
        else
          reject(new BackupSocketError(`the app sent ${body.length} of ${ok[1]} bytes; try again`));
        return;
      }
      const err = header.match(/^LV-BACKUP ERR (.*)$/);
      reject(
        new BackupSocketError(
          err
            ? `the app could not take the backup: ${err[1]}`
            : `unexpected answer on ${socketPath}`,
        ),
      );
    });
  });
}

export class BackupSocketError extends Error {}
