import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { failure } from "../../test/db-errors.js";
import { TestClient, buildUser, createTestContext, type TestContext } from "../../test/harness.js";
import { withActor } from "../db/actor.js";
import type { Db } from "../db/client.js";
import { session, sessionVaultKeys, userKeys } from "../db/schema/index.js";

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.services.deps.db;
});
afterAll(() => ctx.close());

const keyOf = async (client: TestClient) => {
  const res = await client.request("GET", "/api/vault/key");
  return {
    res,
    dataKey:
      res.status === 200
        ? Buffer.from(((await res.json()) as { dataKey: string }).dataKey, "base64")
        : null,
  };
};
const storedKey = (userId: string) => db.select().from(userKeys).where(eq(userKeys.userId, userId));

describe("GET /api/vault/key", () => {
  it("an account registered without keys gets an escrowed data key on its first GET, stored only wrapped; GET hands the owner the raw 256-bit key, no-store", async () => {
    const alice = await buildUser(ctx);
    expect(await storedKey(alice.id)).toEqual([]); // none made at registration any more (decision 038)

    const { res, dataKey } = await keyOf(alice.client);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(dataKey?.length).toBe(32);
    const [row] = await storedKey(alice.id);
    const wrapped = row?.wrappedKey ?? Buffer.alloc(0);
    expect(wrapped.length).toBe(60);
    expect(wrapped.includes(dataKey ?? Buffer.alloc(0))).toBe(false);
    expect(
      ctx.services.deps.dataKeys.unwrap(alice.id, wrapped).equals(dataKey ?? Buffer.alloc(0)),
    ).toBe(true);
    expect((await keyOf(alice.client)).dataKey?.equals(dataKey ?? Buffer.alloc(0))).toBe(true);
  });

  it("every user has their own key", async () => {
    const a = await keyOf((await buildUser(ctx)).client);
    const b = await keyOf((await buildUser(ctx)).client);
    expect(a.dataKey?.equals(b.dataKey ?? Buffer.alloc(0))).toBe(false);
  });

  it("an account from before the vault gets a key on its first GET, and keeps it", async () => {
    const old = await buildUser(ctx);
    expect(await storedKey(old.id)).toEqual([]);
    const [first, second] = await Promise.all([keyOf(old.client), keyOf(old.client)]);
    expect(first.res.status).toBe(200);
    expect(first.dataKey?.equals(second.dataKey ?? Buffer.alloc(0))).toBe(true);
    expect(await storedKey(old.id)).toHaveLength(1);
    expect((await keyOf(old.client)).dataKey?.equals(first.dataKey ?? Buffer.alloc(0))).toBe(true);
  });

  it("a wrapped key copied to another user's row does not unwrap (500, nothing handed out)", async () => {
    const victim = await buildUser(ctx);
    const thief = await buildUser(ctx);
    await keyOf(victim.client);
    await keyOf(thief.client);
    const [row] = await storedKey(victim.id);
    await db
      .update(userKeys)
      .set({ wrappedKey: row?.wrappedKey ?? Buffer.alloc(0) })
      .where(eq(userKeys.userId, thief.id));
    const { res } = await keyOf(thief.client);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toMatch(/[A-Za-z0-9+/]{43}=/);
  });

  it("needs a session; a firm admin gets only their own key, never their client's", async () => {
    expect((await keyOf(new TestClient(ctx))).res.status).toBe(401);
    const { admin } = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, admin, "regular_user");
    const own = await keyOf(admin);
    const theirs = await keyOf(client.client);
    expect(own.dataKey?.equals(theirs.dataKey ?? Buffer.alloc(0))).toBe(false);
    const asking = await admin.json<{ dataKey: string }>(
      "GET",
      `/api/vault/key?userId=${client.id}`,
    );
    expect(asking.body.dataKey).toBe(own.dataKey?.toString("base64"));
  });
});

describe("user_keys under lv_app", () => {
  it("an actor reads only their own row, even with no where clause, and cannot write any", async () => {
    const alice = await buildUser(ctx);
    const bob = await buildUser(ctx);
    await keyOf(alice.client);
    await keyOf(bob.client);
    const rows = await withActor(db, { userId: alice.id }, (tx) =>
      tx.select({ userId: userKeys.userId }).from(userKeys),
    );
    expect(rows).toEqual([{ userId: alice.id }]);
    const [bobRow] = await storedKey(bob.id);
    expect(
      await failure(
        withActor(db, { userId: alice.id }, (tx) =>
          tx.update(userKeys).set({ wrappedKey: Buffer.alloc(60) }),
        ),
      ),
    ).toMatch(/permission denied/);
    expect(await failure(withActor(db, { userId: alice.id }, (tx) => tx.delete(userKeys)))).toMatch(
      /permission denied/,
    );
    expect(
      await failure(
        withActor(db, { userId: alice.id }, (tx) =>
          tx.execute(
            sql`insert into user_keys (user_id, wrapped_key) values (${alice.id}, '\\x00'::bytea)`,
          ),
        ),
      ),
    ).toMatch(/permission denied/);
    const [after] = await storedKey(bob.id);
    expect(after?.wrappedKey?.equals(bobRow?.wrappedKey ?? Buffer.alloc(0))).toBe(true);
  });
});

describe("session_vault_keys under lv_app", () => {
  it("an actor reads only their own sessions' keys, and cannot write any", async () => {
    const alice = await buildUser(ctx);
    const bob = await buildUser(ctx);
    expect((await alice.client.get("/api/vault/session-key")).status).toBe(200);
    expect((await bob.client.get("/api/vault/session-key")).status).toBe(200);
    const [aliceSession] = await db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.userId, alice.id));
    const rows = await withActor(db, { userId: alice.id }, (tx) =>
      tx.select({ sessionId: sessionVaultKeys.sessionId }).from(sessionVaultKeys),
    );
    expect(rows).toEqual([{ sessionId: aliceSession?.id }]);
    expect(
      await failure(
        withActor(db, { userId: alice.id }, (tx) =>
          tx.update(sessionVaultKeys).set({ key: Buffer.alloc(32) }),
        ),
      ),
    ).toMatch(/permission denied/);
    expect(
      await failure(withActor(db, { userId: alice.id }, (tx) => tx.delete(sessionVaultKeys))),
    ).toMatch(/permission denied/);
  });
});
