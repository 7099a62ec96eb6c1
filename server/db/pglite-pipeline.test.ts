import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { openPglite } from "./client.js";
import { pipelinedQuery } from "./pglite-pipeline.js";
import { gate, settle } from "../../test/gate.js";
import { rowsOf } from "../../test/harness.js";

let database: Awaited<ReturnType<typeof openPglite>>;
beforeAll(async () => {
  database = await openPglite(undefined);
  await database.pglite.exec(`
    create table t (id int primary key, name text not null, big bigint, ok boolean,
      at timestamptz, data bytea, doc jsonb, tags text[])`);
});
afterAll(() => database.close());

const ROW = [
  1,
  "Ada",
  9_007_199_254_740_993n,
  true,
  new Date("2026-11-27T10:00:00.123Z"),
  Uint8Array.from([0, 1, 254, 255]),
  JSON.stringify({ a: [1, "é"] }),
] as const;
const INSERT =
  "insert into t (id, name, big, ok, at, data, doc) values ($1, $2, $3, $4, $5, $6, $7)";

describe("a statement sent in one call (pipelinedQuery)", () => {
  it("gives what PGlite's own query() gives, for every plain parameter type and both row modes", async () => {
    const { pglite } = database;
    const inserted = await pipelinedQuery(pglite, INSERT, [...ROW]);
    expect(inserted?.affectedRows).toBe(1);
    const select = "select *, $1::text as echo, $2::int as nothing from t where id = $3";
    const params = ["x", null, 1];
    for (const options of [undefined, { rowMode: "array" as const }]) {
      const ours = await pipelinedQuery(pglite, select, params, options);
      const theirs = await pglite.query(select, params, options);
      expect(ours).toEqual(theirs);
    }
    const [row] = (await pglite.query<{ data: Uint8Array; at: string }>("select * from t")).rows;
    expect([...(row?.data ?? [])]).toEqual([0, 1, 254, 255]);
  });

  it("enters PGlite's WebAssembly once per statement through the app's database", async () => {
    const calls = vi.spyOn(database.pglite, "execProtocolRawSync");
    try {
      await database.db.execute(sql`select ${"a"}::text, ${2}::int`);
      expect(calls).toHaveBeenCalledTimes(1);
    } finally {
      calls.mockRestore();
    }
  });

  it("keeps a statement prepared: parsed the first time only, closed when it falls out or its first run failed", async () => {
    const pglite = await PGlite.create(); // none kept yet
    await pglite.exec("create table t (id int primary key, name text)");
    await pglite.exec("insert into t values (1, 'Ada')");
    const calls = vi.spyOn(pglite, "execProtocolRawSync");
    /** The kinds of the messages sent in the last call: P(arse), B(ind), C(lose), ... */
    const sent = () => {
      const buffer = Buffer.from(calls.mock.calls.at(-1)?.[0] ?? []);
      const kinds: string[] = [];
      for (let at = 0; at < buffer.length; at += 1 + buffer.readInt32BE(at + 1))
        kinds.push(String.fromCharCode(buffer[at] ?? 0));
      return kinds.join("");
    };
    const run = (text: string, params: unknown[] = []) => pipelinedQuery(pglite, text, params);
    try {
      await run("select $1::int + 1 as n", [1]);
      expect(sent()).toBe("PBDES"); // Parse, Bind, Describe, Execute, Sync
      expect((await run("select $1::int + 1 as n", [2]))?.rows).toEqual([{ n: 3 }]);
      expect(sent()).toBe("BDES");

      await expect(run("insert into t (id, name) values ($1, $2)", [1, "taken"])).rejects.toThrow();
      await run("select 1 as one");
      expect(sent()).toBe("CPBDES"); // Close of the failed one
      await run("insert into t (id, name) values ($1, $2)", [5, "free"]);
      expect(sent()).toBe("PBDES");

      for (let i = 0; i < 197; i++) await run(`select ${i} as n`);
      expect(sent()).toBe("PBDES"); // 200 kept
      await run("select 1 as one");
      expect(sent()).toBe("BDES");
      await run("select 197 as n"); // the 201st: the least recently used falls out
      expect(sent()).toBe("PBDES");
      await run("select 198 as n");
      expect(sent()).toBe("CPBDES"); // closed at the next call
      expect((await run("select $1::int + 1 as n", [4]))?.rows).toEqual([{ n: 5 }]);
      expect(sent()).toBe("CPBDES"); // it was that one: parsed again
    } finally {
      calls.mockRestore();
      await pglite.close();
    }
  });

  it("writes an array or object parameter as PGlite's query() does, from the described type", async () => {
    const { pglite } = database;
    const text = "select $1::text[] as tags, $2::jsonb as doc, $3::int[] as ns";
    const params = [["a", "b,c"], { a: [1] }, [1, 2]];
    expect(await pipelinedQuery(pglite, text, params)).toEqual(await pglite.query(text, params));
    const res = await database.db.execute(sql`select ${sql.param(["a", "b"])}::text[] as tags`);
    expect(rowsOf(res)).toEqual([{ tags: ["a", "b"] }]);
  });

  it("throws PostgreSQL's error with its code and the statement, and the database goes on", async () => {
    const { pglite } = database;
    const duplicate = pipelinedQuery(pglite, INSERT, [...ROW]);
    await expect(duplicate).rejects.toMatchObject({ code: "23505", query: INSERT });
    await expect(pipelinedQuery(pglite, "selec 1", [])).rejects.toMatchObject({
      code: "42601",
    });
    expect((await pglite.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("inside a transaction: an error aborts it, and nothing of it is kept", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (id, name) values (${2}, ${"Grace"})`);
        await tx.execute(sql`insert into t (id, name) values (${2}, ${"again"})`);
      }),
    ).rejects.toThrow();
    const rows = await database.db.execute(sql`select id from t where id = ${2}`);
    expect(rowsOf(rows)).toEqual([]);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, name) values (${3}, ${"Hopper"})`);
    });
    expect(rowsOf(await database.db.execute(sql`select name from t where id = ${3}`))).toEqual([
      { name: "Hopper" },
    ]);
  });

  it("waits for a transaction in progress: a statement from outside never runs inside it", async () => {
    const inside = gate();
    const release = gate();
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into t (id, name) values (${4}, ${"rolled back"})`);
      inside.open();
      await release.opened;
      throw new Error("roll back");
    });
    await inside.opened;
    // Drizzle runs a statement when it is awaited: then() starts it now, while the transaction is open.
    const outside = database.db
      .execute(sql`select count(*)::int as n from t where id = ${4}`)
      .then((r) => rowsOf(r));
    await settle(); // time for it to run, if nothing held it back
    release.open();
    await expect(tx).rejects.toThrow("roll back");
    expect(await outside).toEqual([{ n: 0 }]);
  });

  it("lets the event loop turn before each statement and transaction of its own: other I/O runs in between", async () => {
    for (const [kind, run] of [
      ["statements", () => database.db.execute(sql`select 1`)],
      ["transactions", () => database.db.transaction((tx) => tx.execute(sql`select 1`))],
    ] as const) {
      let done = 0;
      let isWatching = true;
      const seenAt: number[] = [];
      const watch = () => {
        seenAt.push(done);
        if (isWatching) setImmediate(watch); // once per turn of the event loop
      };
      setImmediate(watch);
      for (let i = 0; i < 40; i++) {
        await run();
        done++;
      }
      isWatching = false;
      // Without the turns, the 40 would run as one task: the watcher would see none of them or all.
      expect(
        seenAt.some((n) => n > 0 && n < 40),
        `${kind}: seen at ${seenAt.join()}`,
      ).toBe(true);
    }
  });

  it("a transaction sends BEGIN with its first statement, and COMMIT in one call", async () => {
    const { pglite } = database;
    const calls = vi.spyOn(pglite, "execProtocolRawSync");
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (id, name) values (${6}, ${"one"})`);
        await tx.execute(sql`update t set name = ${"two"} where id = ${6}`);
      });
      expect(calls).toHaveBeenCalledTimes(3);
      const firstKind = (i: number) => String.fromCharCode(calls.mock.calls[i]?.[0][0] ?? 0);
      expect([firstKind(0), firstKind(1), firstKind(2)]).toEqual(["Q", "P", "Q"]); // BEGIN+insert, update, COMMIT
      calls.mockClear();
      await database.db.transaction(async () => {});
      expect(calls).not.toHaveBeenCalled(); // nothing to begin or commit
    } finally {
      calls.mockRestore();
    }
    const rows = await database.db.execute(sql`select name from t where id = ${6}`);
    expect(rowsOf(rows)).toEqual([{ name: "two" }]);
  });

  it("a transaction whose failed statement was caught is rolled back at COMMIT, with PostgreSQL's code", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (id, name) values (${7}, ${"kept?"})`);
        await tx.execute(sql`insert into t (id, name) values (${7}, ${"again"})`).catch(() => {});
      }),
    ).rejects.toMatchObject({ code: "25P02" });
    expect(rowsOf(await database.db.execute(sql`select id from t where id = ${7}`))).toEqual([]);
  });

  it("a nested transaction rolls back to its savepoint only", async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, name) values (${8}, ${"outer"})`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into t (id, name) values (${9}, ${"inner"})`);
          throw new Error("inner fails");
        })
        .catch(() => {});
    });
    const rows = await database.db.execute(sql`select id from t where id in (${8}, ${9})`);
    expect(rowsOf(rows)).toEqual([{ id: 8 }]);
  });

  it("a statement after its transaction ended is refused", async () => {
    let leaked: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> } | undefined;
    await database.db.transaction(async (tx) => {
      leaked = tx;
      await tx.execute(sql`select 1`);
    });
    await expect(leaked?.execute(sql`select 1`)).rejects.toMatchObject({
      cause: { message: "Transaction is closed" },
    });
  });

  it("a kept statement under row-level security answers for the actor and role of each run", async () => {
    const { pglite, db } = database;
    await pglite.exec(`
      create role lv_test_reader nologin;
      create table notes (owner text, body text);
      alter table notes enable row level security;
      create policy own on notes using (owner = current_setting('app.user_id', true));
      grant select on notes to lv_test_reader;
      insert into notes values ('a', 'A1'), ('b', 'B1');`);
    const bodiesAs = (actor: string | null) =>
      db.transaction(async (tx) => {
        if (actor)
          await tx.execute(
            sql`select set_config('role', 'lv_test_reader', true), set_config('app.user_id', ${actor}, true)`,
          );
        return rowsOf<{ body: string }>(
          await tx.execute(sql`select body from notes where body <> ${""} order by body`),
        ).map((r) => r.body);
      });
    for (let i = 0; i < 7; i++) expect(await bodiesAs("a")).toEqual(["A1"]); // past the plan cache's five custom plans
    expect(await bodiesAs("b")).toEqual(["B1"]);
    expect(await bodiesAs(null)).toEqual(["A1", "B1"]); // the owner, without row-level security
    expect(await bodiesAs("a")).toEqual(["A1"]);
  });
});
