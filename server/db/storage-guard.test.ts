import { describe, expect, it } from "vitest";
import {
  createStorageGuard,
  PGLITE_MIN_FREE_BYTES,
  TRUSTED_MARGIN_BYTES,
  TRUSTED_READING_MS,
} from "./storage-guard.js";

/** A disk whose free space and clock the test sets, and the statements the guard sent. */
function fakeDisk(free: number) {
  const disk = { free, now: 0, reads: 0, statements: [] as string[] };
  const guard = createStorageGuard(
    "/data",
    {
      exec: async (text: string) => {
        disk.statements.push(text);
        return [];
      },
    },
    {
      now: () => disk.now,
      freeBytes: () => {
        disk.reads++;
        return disk.free;
      },
    },
  );
  return { disk, guard };
}

const PLENTY = PGLITE_MIN_FREE_BYTES + TRUSTED_MARGIN_BYTES;

describe("storage guard's readings of the disk", () => {
  it("reads the disk before every check while free space is within the margin of the floor", async () => {
    const { disk, guard } = fakeDisk(PLENTY - 1);
    await guard.check();
    await guard.check();
    await guard.check();
    expect(disk.reads).toBe(3);
  });

  it("trusts a reading far above the floor for TRUSTED_READING_MS, then reads again", async () => {
    const { disk, guard } = fakeDisk(PLENTY);
    await guard.check();
    disk.now = TRUSTED_READING_MS - 1;
    await guard.check();
    expect(disk.reads).toBe(1);
    disk.now = TRUSTED_READING_MS;
    await guard.check();
    expect(disk.reads).toBe(2);
  });

  it("turns read-only at the first reading under the floor, and writable again once space is back", async () => {
    const { disk, guard } = fakeDisk(PLENTY);
    await guard.check();
    disk.free = PGLITE_MIN_FREE_BYTES - 1;
    disk.now = TRUSTED_READING_MS;
    await guard.check();
    expect(disk.statements).toEqual(["set default_transaction_read_only = on"]);
    disk.now += 1; // short: read at every check, never trusted
    await guard.check();
    expect(disk.reads).toBe(3);
    disk.free = PLENTY;
    await guard.check();
    expect(disk.statements).toEqual([
      "set default_transaction_read_only = on",
      "set default_transaction_read_only = off",
    ]);
  });
});
