import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MSG } from "../../common/app.js";
import type { CreatedFirmView } from "../../common/firms.js";
import type { Me as MeView } from "../../common/profiles.js";
import { buildOwnerWithKeys, makeAccountKeys } from "../../test/factories/owner-keys.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";

type Me = {
  user: {
    id: string;
    email: string;
    name: string;
    phone: string | null;
    address: string | null;
    role: string;
    firmId: string | null;
  };
};
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/**
 * A firm's first administrator as /firm-register makes one (decision 073): keys wrapped for the
 * password only, the address confirmed by its link; signed in, with no recovery kit yet.
 */
async function buildFirstAdmin() {
  const client = new TestClient(ctx);
  const created = await client.json<CreatedFirmView>("POST", "/api/firms", {
    name: `Firm ${randomUUID().slice(0, 8)} LLP`,
    phone: "+1 555 0100",
    address: "1 Main St",
  });
  const email = uniqueEmail("admin");
  const made = await makeAccountKeys("Admin-Orchard-Password-5");
  const { recoveryWrappedKey, ...passwordOnly } = made.keys;
  const claim = await client.post("/api/firms/claim", {
    firmId: created.body.id,
    claimSecret: created.body.claimSecret,
    name: "Ada Admin",
    email,
    password: made.signInSecret,
    phone: null,
    keys: passwordOnly,
  });
  expect(claim.status).toBe(200);
  const link = await linkFromMail(ctx, email, "/auth/callback");
  await client.get(`/api/auth/verify-email?token=${link.searchParams.get("code")}`);
  return { client, email, recoveryWrappedKey };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("profile", () => {
  it("GET /api/me and PATCH /api/profile answer 401 when signed out", async () => {
    const client = new TestClient(ctx);
    const me = await client.json<ErrorBody>("GET", "/api/me");
    expect(me.status).toBe(401);
    expect(me.body.error).toEqual({
      code: "UNAUTHENTICATED",
      message: APP_MSG.mustBeLoggedIn,
      requestId: expect.any(String),
    });
    expect(
      (await client.patch("/api/profile", { name: "Someone", phone: null, address: null })).status,
    ).toBe(401);
  });

  it("a forged or stale session cookie is not a session", async () => {
    const res = await new TestClient(ctx).request("GET", "/api/me", undefined, {
      cookie: "lv.session_token=forged.value",
    });
    expect(res.status).toBe(401);
  });

  it("saves name, phone and address, trimmed", async () => {
    const { client, email } = await buildUser(ctx);
    const res = await client.json<Me>("PATCH", "/api/profile", {
      name: "  Dana Saved  ",
      phone: " +1 555 0100 ",
      address: "1 Main St",
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email,
      name: "Dana Saved",
      phone: "+1 555 0100",
      address: "1 Main St",
      role: "regular_user",
    });
    const me = await client.json<Me>("GET", "/api/me");
    expect(me.body.user).toMatchObject({
      name: "Dana Saved",
      phone: "+1 555 0100",
      address: "1 Main St",
    });
  });

  it("validates with the spec's message for a short name", async () => {
    const { client, name } = await buildUser(ctx);
    const res = await client.json<ErrorBody>("PATCH", "/api/profile", {
      name: " A ",
      phone: null,
      address: null,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Full name must be at least 2 characters");
    expect(res.body.error.fields).toEqual({ name: "Full name must be at least 2 characters" });
    expect((await client.json<Me>("GET", "/api/me")).body.user.name).toBe(name);
  });

  it("a body that is not JSON is a 400, not a 500", async () => {
    const { client } = await buildUser(ctx);
    const res = await client.request("PATCH", "/api/profile", undefined, {
      "content-type": "application/json",
    });
    expect(res.status).toBe(400);
  });

  it("another user's profile is never returned or changed", async () => {
    const alice = await buildUser(ctx, { name: "Alice Private" });
    const bob = await buildUser(ctx, { name: "Bob Private" });
    const asAlice = await alice.client.json<Me>("GET", "/api/me");
    expect(asAlice.body.user).toMatchObject({
      id: alice.id,
      email: alice.email,
      name: "Alice Private",
    });
    expect(JSON.stringify(asAlice.body)).not.toContain(bob.email);

    const patched = await alice.client.json<Me>("PATCH", "/api/profile", {
      name: "Alice Renamed",
      phone: null,
      address: null,
    });
    expect(patched.body.user.id).toBe(alice.id);
    const asBob = await bob.client.json<Me>("GET", "/api/me");
    expect(asBob.body.user).toMatchObject({ id: bob.id, email: bob.email, name: "Bob Private" });
    expect(JSON.stringify(asBob.body)).not.toContain(alice.email);
  });

  it("GET /api/me says whether the caller's own firm registration is pending, and nobody else's", async () => {
    const admin = await buildFirstAdmin();
    const other = await buildFirstAdmin(); // another firm's, also pending
    const owner = await buildOwnerWithKeys(ctx); // registered with a kit
    const plain = await buildUser(ctx); // no keys of their own yet (escrowed when first asked)
    const isPending = async (client: TestClient) =>
      (await client.json<{ user: MeView }>("GET", "/api/me")).body.user.isFirmRegistrationPending;

    const asAdmin = await admin.client.json<{ user: MeView }>("GET", "/api/me");
    expect(asAdmin.body.user).toMatchObject({
      email: admin.email,
      role: "firm_admin",
      isFirmRegistrationPending: true,
    });
    // Others' pending registrations say nothing to anyone else.
    expect(await isPending(owner.client)).toBe(false);
    expect(await isPending(plain.client)).toBe(false);
    for (const whom of [other.email, owner.email, plain.email])
      expect(JSON.stringify(asAdmin.body)).not.toContain(whom);
    // No key material rides along: only the one boolean.
    expect(JSON.stringify(asAdmin.body)).not.toContain(admin.recoveryWrappedKey.slice(0, 16));
    expect(Object.keys(asAdmin.body.user).sort()).toEqual(
      [
        ...["address", "createdAt", "email", "firmId", "firmName", "id", "isAdmin"],
        ...["isFirmRegistrationPending", "isStaff", "name", "phone", "role", "twoFactorEnabled"],
      ].sort(),
    );

    // The first kit made: finished for this admin (GET and PATCH alike), still pending for the other.
    const kit = { recoveryWrappedKey: admin.recoveryWrappedKey, isFirstKit: true };
    expect((await admin.client.request("PUT", "/api/vault/key/recovery", kit)).status).toBe(200);
    expect(await isPending(admin.client)).toBe(false);
    const patched = await admin.client.json<{ user: MeView }>("PATCH", "/api/profile", {
      name: "Ada Admin",
      phone: null,
      address: null,
    });
    expect(patched.body.user.isFirmRegistrationPending).toBe(false);
    expect(await isPending(other.client)).toBe(true);
  });
});
