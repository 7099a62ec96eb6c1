import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, createTestContext, rowsOf, type TestContext } from "../../test/harness.js";
import { withActor } from "./actor.js";
import type { Db } from "./client.js";
import { auditLog, profiles } from "./schema/index.js";

let ctx: TestContext;
let db: Db;
let alice: Awaited<ReturnType<typeof buildUser>>;
let bob: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.services.deps.db;
  alice = await buildUser(ctx, { name: "Alice Owner" });
  bob = await buildUser(ctx, { name: "Bob Other" });
});
afterAll(() => ctx.close());

/** The whole message chain of an error (drizzle wraps the driver's error in `cause`). */
function messages(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error; e = e.cause) parts.push(e.message);
  return parts.join(" <- ");
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return messages(err);
  }
  throw new Error("expected the statement to be refused");
}

describe("row-level security under lv_app", () => {
  it("the test connection is a superuser, so without SET ROLE every row is visible (policies would be skipped)", async () => {
    const [me] = rowsOf<{ rolsuper: boolean }>(
      await db.execute(sql`select rolsuper from pg_roles where rolname = current_user`),
    );
    expect(me?.rolsuper).toBe(true);
    expect((await db.select().from(profiles)).length).toBeGreaterThanOrEqual(2);

    const [app] = await withActor(db, { userId: alice.id }, async (tx) =>
      rowsOf<{ who: string; rolsuper: boolean; rolbypassrls: boolean }>(
        await tx.execute(
          sql`select current_user as who, rolsuper, rolbypassrls from pg_roles where rolname = current_user`,
        ),
      ),
    );
    expect(app).toEqual({ who: "lv_app", rolsuper: false, rolbypassrls: false });
  });

  it("an actor sees only their own profile, even from a query with no where clause", async () => {
    const rows = await withActor(db, { userId: alice.id }, (tx) => tx.select().from(profiles));
    expect(rows.map((r) => r.id)).toEqual([alice.id]);
    const asBob = await withActor(db, { userId: bob.id }, (tx) =>
      tx.select({ id: profiles.id }).from(profiles),
    );
    expect(asBob).toEqual([{ id: bob.id }]);
  });

  it("with no actor set, lv_app sees no rows at all", async () => {
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`set local role lv_app`);
      return tx.select().from(profiles);
    });
    expect(rows).toEqual([]);
  });

  it("an actor cannot change another user's profile: the update touches no row", async () => {
    const changed = await withActor(db, { userId: alice.id }, (tx) =>
      tx
        .update(profiles)
        .set({ name: "Hijacked" })
        .where(eq(profiles.id, bob.id))
        .returning({ id: profiles.id }),
    );
    expect(changed).toEqual([]);
    const [row] = await db
      .select({ name: profiles.name })
      .from(profiles)
      .where(eq(profiles.id, bob.id));
    expect(row?.name).toBe("Bob Other");
  });

  it("lv_app cannot write role or firm_id, not even on its own row", async () => {
    const role = await failure(
      withActor(db, { userId: alice.id }, (tx) =>
        tx.update(profiles).set({ role: "firm_admin" }).where(eq(profiles.id, alice.id)),
      ),
    );
    expect(role).toMatch(/permission denied/);
    const firm = await failure(
      withActor(db, { userId: alice.id }, (tx) =>
        tx
          .update(profiles)
          .set({ firmId: "00000000-0000-0000-0000-000000000000" })
          .where(eq(profiles.id, alice.id)),
      ),
    );
    expect(firm).toMatch(/permission denied/);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, alice.id));
    expect(row).toMatchObject({ role: "regular_user", firmId: null });
  });

  it("lv_app reads only the audit rows of its own timeline, and never their address (decision 040)", async () => {
    const message = await failure(
      withActor(db, { userId: alice.id }, (tx) => tx.select().from(auditLog)),
    );
    expect(message).toMatch(/permission denied/); // the ip and dedup_key columns
    const owners = await withActor(db, { userId: alice.id }, (tx) =>
      tx.select({ ownerId: auditLog.ownerId, firmId: auditLog.firmId }).from(auditLog),
    );
    expect(owners.length).toBeGreaterThan(0); // her sign-in
    expect(owners.every((r) => r.ownerId === alice.id)).toBe(true);
  });

  it("PATCH /api/profile refuses role and firmId in the body, and the role stays regular_user", async () => {
    const res = await alice.client.json<{ error: { code: string } }>("PATCH", "/api/profile", {
      name: "Alice Owner",
      phone: null,
      address: null,
      role: "firm_admin",
      firmId: "00000000-0000-0000-0000-000000000000",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION");
    const me = await alice.client.json<{ user: { role: string; firmId: string | null } }>(
      "GET",
      "/api/me",
    );
    expect(me.body.user).toMatchObject({ role: "regular_user", firmId: null });
    const [row] = await db.select().from(profiles).where(eq(profiles.id, alice.id));
    expect(row).toMatchObject({ role: "regular_user", firmId: null });
  });
});
