import { types, type PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../test/harness.js";
import { openPglite } from "./client.js";

let database: Awaited<ReturnType<typeof openPglite>>;
beforeAll(async () => {
  database = await openPglite(undefined);
});
afterAll(() => database.close());

/** The PGlite that Drizzle talks to (forDrizzle's copy, not database.pglite). */
const drizzleClient = () => (database.db as unknown as { $client: PGlite }).$client;
const keep = (value: string) => value;
const queryWith = async (parsers: Record<number, typeof keep>) =>
  drizzleClient().query("select 1", [], { parsers });

describe("the PGlite that Drizzle talks to", () => {
  it("runs Drizzle's own statements, whose per-query parsers are the client's", async () => {
    const result = await database.db.execute(
      sql`select '2026-11-27 10:00:00+00'::timestamptz as at`,
    );
    expect(rowsOf(result)).toEqual([{ at: "2026-11-27 10:00:00+00" }]);
  });

  it("refuses per-query parsers other than Drizzle's, which it would drop", async () => {
    const only = { [types.TIMESTAMPTZ]: keep };
    await expect(queryWith(only)).rejects.toThrow(/Unexpected per-query parsers/);
    const other = {
      ...Object.fromEntries(
        [1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187].map((oid) => [oid, keep]),
      ),
      [types.TEXT]: keep,
    };
    await expect(queryWith(other)).rejects.toThrow(/Unexpected per-query parsers/);
  });
});
