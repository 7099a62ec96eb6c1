import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MSG } from "../../common/auth.js";
import { PASSKEY_MSG, type PasskeyList, type PasskeyView } from "../../common/passkeys.js";
import { withActor } from "../db/actor.js";
import { auditLog, passkey } from "../db/schema/index.js";
import { createLogger } from "../logger.js";
import { listOutbox } from "../mail/outbox.js";
import {
  APP_URL,
  TestClient,
  buildUser,
  createTestContext,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { buildOwnerWithKeys, makeAccountKeys } from "../../test/factories/owner-keys.js";
import {
  SoftAuthenticator,
  type AuthenticationOptions,
  type RegistrationOptions,
} from "../../test/webauthn.js";

type ErrorBody = { error: { code: string; message: string } };
type User = { client: TestClient; password: string; email: string; id: string };

let ctx: TestContext;
const errors: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { log: createLogger("error", (_level, line) => errors.push(line)) },
  );
});
afterAll(() => ctx.close());

/** The profile's "Add a passkey": the password (as the server checks it), the options, the device's answer. */
async function addPasskey(
  user: User,
  device: SoftAuthenticator,
  name = "Work laptop",
  password = user.password,
) {
  const options = await user.client.json<RegistrationOptions>("POST", "/api/passkeys/options", {
    password,
    name,
  });
  expect(options.status).toBe(200);
  const created = await user.client.json<PasskeyView>("POST", "/api/passkeys", {
    name,
    response: device.register(options.body),
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** /login's "Sign in with a passkey" from a new browser: no cookie, no e-mail typed. */
async function signInWithPasskey(device: SoftAuthenticator, { isUserVerified = true } = {}) {
  const client = new TestClient(ctx);
  const options = await client.json<AuthenticationOptions>(
    "GET",
    "/api/auth/passkey/generate-authenticate-options",
  );
  expect(options.status).toBe(200);
  const answer = await client.json<ErrorBody>("POST", "/api/auth/passkey/verify-authentication", {
    response: device.authenticate(options.body, { isUserVerified }),
  });
  return { client, status: answer.status, body: answer.body };
}

const list = (user: User) => user.client.json<PasskeyList>("GET", "/api/passkeys");
const actionsOf = async (userId: string) =>
  (
    await ctx.services.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.ownerId, userId))
  ).map((r) => r.action);
const mailTo = async (email: string, template: string) =>
  (await listOutbox(ctx.services.deps.db, 500)).filter(
    (m) => m.to === email && m.template === template,
  );

describe("adding a passkey", () => {
  it("needs a session, and better-auth's own registration and management routes are off", async () => {
    const stranger = new TestClient(ctx);
    const res = await stranger.json<ErrorBody>("POST", "/api/passkeys/options", {
      password: "whatever-it-is",
      name: "Mine",
    });
    expect(res.status).toBe(401);
    expect((await stranger.get("/api/passkeys")).status).toBe(401);

    const user = await buildUser(ctx);
    for (const [method, path] of [
      ["GET", "/api/auth/passkey/generate-register-options"],
      ["POST", "/api/auth/passkey/verify-registration"],
      ["GET", "/api/auth/passkey/list-user-passkeys"],
      ["POST", "/api/auth/passkey/update-passkey"],
      ["POST", "/api/auth/passkey/delete-passkey"],
    ] as const) {
      const answer = await user.client.request(method, path, method === "POST" ? {} : undefined);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });

  it("asks for the password first", async () => {
    const user = await buildUser(ctx);
    const res = await user.client.json<ErrorBody>("POST", "/api/passkeys/options", {
      password: `${user.password}x`,
      name: "Phone",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(AUTH_MSG.currentPasswordWrong);
  });

  it("stores the device's key under its name, lists it without the key, audits it and tells the account's address", async () => {
    const user = await buildUser(ctx);
    const options = await user.client.json<RegistrationOptions & Record<string, unknown>>(
      "POST",
      "/api/passkeys/options",
      { password: user.password, name: "Work laptop" },
    );
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ name: "Legacy Vault", id: new URL(APP_URL).hostname });
    expect(options.body.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });

    const device = new SoftAuthenticator(APP_URL);
    const created = await user.client.json<PasskeyView>("POST", "/api/passkeys", {
      name: "  Work laptop ",
      response: device.register(options.body),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: "Work laptop",
      createdAt: expect.any(String),
    });

    const listed = await list(user);
    expect(listed.body.passkeys).toEqual([created.body]);
    const [row] = await ctx.services.deps.db
      .select()
      .from(passkey)
      .where(eq(passkey.userId, user.id));
    expect(JSON.stringify(listed.body)).not.toContain(row?.publicKey);
    expect(JSON.stringify(listed.body)).not.toContain(row?.credentialID);

    expect(await actionsOf(user.id)).toContain("auth.passkey_added");
    const [mail] = await mailTo(user.email, "passkey-passkey_added");
    expect(mail?.subject).toBe(PASSKEY_MSG.addedSubject);
    expect(mail?.text).toContain("Work laptop");
    // its link opens the profile's section that holds the passkeys
    expect(mail?.text).toContain(`${ctx.env.APP_URL}/profile/security#passkeys`);
  });

  it("refuses an answer to no challenge, a replayed answer, and a device that did not verify its user", async () => {
    const user = await buildUser(ctx);
    const device = new SoftAuthenticator(APP_URL);
    const noChallenge = await user.client.json<ErrorBody>("POST", "/api/passkeys", {
      name: "Phone",
      response: device.register({ challenge: "bm9uZQ", rp: {}, user: { id: "x" } }),
    });
    expect(noChallenge.status).toBe(400);
    expect(noChallenge.body.error.message).toBe(PASSKEY_MSG.addFailed);

    const options = await user.client.json<RegistrationOptions>("POST", "/api/passkeys/options", {
      password: user.password,
      name: "Phone",
    });
    const unverified = await user.client.json<ErrorBody>("POST", "/api/passkeys", {
      name: "Phone",
      response: device.register(options.body, { isUserVerified: false }),
    });
    expect(unverified.status).toBe(400);
    // the challenge was used up by that answer: the same options cannot register another key
    const replayed = await user.client.json<ErrorBody>("POST", "/api/passkeys", {
      name: "Phone",
      response: device.register(options.body),
    });
    expect(replayed.status).toBe(400);
    expect((await list(user)).body.passkeys).toEqual([]);
  });

  it("refuses a bad name and a body that is not a registration answer", async () => {
    const user = await buildUser(ctx);
    for (const body of [
      { password: user.password, name: "" },
      { password: user.password, name: "x".repeat(61) },
      { password: user.password },
    ]) {
      expect((await user.client.json("POST", "/api/passkeys/options", body)).status).toBe(400);
    }
    const res = await user.client.json("POST", "/api/passkeys", {
      name: "Phone",
      response: "not an answer",
    });
    expect(res.status).toBe(400);
  });
});

describe("signing in with a passkey", () => {
  it("opens a normal session (same cookie) and audits it; it carries no key to the vault", async () => {
    const user = await buildUser(ctx);
    const device = new SoftAuthenticator(APP_URL);
    await addPasskey(user, device);

    const { client, status, body } = await signInWithPasskey(device);
    expect(status).toBe(200);
    expect(client.hasSession()).toBe(true);
    const me = await client.json<{ user: { id: string } }>("GET", "/api/me");
    expect(me.body.user.id).toBe(user.id);
    expect(JSON.stringify(body)).not.toMatch(/wrap|dataKey|kdf/i);
    expect(await actionsOf(user.id)).toContain("auth.session_created");
  });

  it("refuses a device that did not verify its user, an unknown passkey, and a replayed answer", async () => {
    const user = await buildUser(ctx);
    const device = new SoftAuthenticator(APP_URL);
    await addPasskey(user, device);

    const unverified = await signInWithPasskey(device, { isUserVerified: false });
    expect(unverified.status).toBe(400);
    expect(unverified.body.error.message).toBe(PASSKEY_MSG.signInFailed);
    expect(unverified.client.hasSession()).toBe(false);

    const stranger = new SoftAuthenticator(APP_URL);
    stranger.register({ challenge: "eA", rp: {}, user: { id: "y" } });
    const unknown = await signInWithPasskey(stranger);
    expect(unknown.status).toBe(400);
    expect(unknown.client.hasSession()).toBe(false);

    const client = new TestClient(ctx);
    const options = await client.json<AuthenticationOptions>(
      "GET",
      "/api/auth/passkey/generate-authenticate-options",
    );
    const answer = device.authenticate(options.body);
    const first = await client.request("POST", "/api/auth/passkey/verify-authentication", {
      response: answer,
    });
    expect(first.status).toBe(200);
    const again = new TestClient(ctx);
    const replay = await again.request(
      "POST",
      "/api/auth/passkey/verify-authentication",
      { response: answer },
      { cookie: client.cookieHeader() },
    );
    expect(replay.status).toBe(400);

    const failures = await ctx.services.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.action, "auth.sign_in_failed"));
    expect(failures.length).toBeGreaterThanOrEqual(3);
  });
});

describe("a malformed passkey sign-in", () => {
  it("answers 4xx, never 5xx, whatever the body, and logs no error", async () => {
    const user = await buildUser(ctx);
    const device = new SoftAuthenticator(APP_URL);
    await addPasskey(user, device);
    const client = new TestClient(ctx);
    const options = await client.json<AuthenticationOptions>(
      "GET",
      "/api/auth/passkey/generate-authenticate-options",
    );
    const good = device.authenticate(options.body);
    const bodies: unknown[] = [
      {},
      { response: "x" },
      { response: {} },
      { response: { id: 5 } },
      { response: { ...good, response: { ...good.response, signature: "AAAA" } } },
      { response: { ...good, response: "x" } },
    ];
    for (const body of bodies) {
      const fresh = new TestClient(ctx);
      await fresh.get("/api/auth/passkey/generate-authenticate-options");
      const res = await fresh.request("POST", "/api/auth/passkey/verify-authentication", body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(fresh.hasSession()).toBe(false);
    }
    expect(errors).toEqual([]);
  });
});

describe("renaming and removing passkeys", () => {
  it("renames and removes one's own; a removed passkey signs in no more", async () => {
    const user = await buildUser(ctx);
    const device = new SoftAuthenticator(APP_URL);
    const added = await addPasskey(user, device, "Phone");

    const renamed = await user.client.json<PasskeyView>("PATCH", `/api/passkeys/${added.id}`, {
      name: "Old phone",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...added, name: "Old phone" });
    expect(await actionsOf(user.id)).toContain("auth.passkey_renamed");

    const removed = await user.client.request("DELETE", `/api/passkeys/${added.id}`);
    expect(removed.status).toBe(204);
    expect((await list(user)).body.passkeys).toEqual([]);
    expect(await actionsOf(user.id)).toContain("auth.passkey_removed");
    const [mail] = await mailTo(user.email, "passkey-passkey_removed");
    expect(mail?.text).toContain("Old phone");

    expect((await signInWithPasskey(device)).status).toBe(400);
  });

  it("someone else cannot list, rename or remove them: 404, as for a passkey that does not exist", async () => {
    const alice = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const added = await addPasskey(alice, new SoftAuthenticator(APP_URL));

    expect((await list(bob)).body.passkeys).toEqual([]);
    for (const id of [added.id, "no-such-passkey", "bad%20id%3B"]) {
      const rename = await bob.client.json<ErrorBody>("PATCH", `/api/passkeys/${id}`, {
        name: "Mine now",
      });
      expect(rename.status, id).toBe(404);
      expect((await bob.client.request("DELETE", `/api/passkeys/${id}`)).status, id).toBe(404);
    }
    expect((await list(alice)).body.passkeys).toEqual([added]);
    expect(await mailTo(alice.email, "passkey-passkey_removed")).toEqual([]);
  });
});

describe("account recovery", () => {
  const NEW_PASSWORD = "Lighthouse-Meadow-77";
  const passkeysOf = async (userId: string) =>
    ctx.services.deps.db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId));

  it("a password reset by e-mail link removes every passkey, as it ends every session", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const device = new SoftAuthenticator(APP_URL);
    await addPasskey(owner, device, "Phone", owner.signInSecret);
    expect(await passkeysOf(owner.id)).toHaveLength(1);

    const asked = await new TestClient(ctx).json("POST", "/api/auth/request-password-reset", {
      email: owner.email,
      redirectTo: "/update-password",
    });
    expect(asked.status).toBe(200);
    const token = (await linkFromMail(ctx, owner.email, "/update-password")).searchParams.get(
      "token",
    );
    const made = await makeAccountKeys(NEW_PASSWORD, { dataKey: owner.dataKey });
    const reset = await new TestClient(ctx).json("POST", "/api/vault/reset", {
      token,
      newPassword: made.signInSecret,
      keys: made.keys,
      keepsDataKey: true,
    });
    expect(reset.status).toBe(200);
    expect(await passkeysOf(owner.id)).toEqual([]);
    expect((await signInWithPasskey(device)).status).toBe(400);
  });

  it("an undone e-mail change removes every passkey, as it signs every device out", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const device = new SoftAuthenticator(APP_URL);
    await addPasskey(owner, device, "Phone", owner.signInSecret);
    const newEmail = uniqueEmail("new");
    const asked = await owner.client.json("POST", "/api/email-change", {
      newEmail,
      currentPassword: owner.signInSecret,
    });
    expect(asked.status).toBe(200);
    const tokenIn = async (to: string, path: "confirm" | "undo") =>
      (await linkFromMail(ctx, to, `/email-change/${path}`)).searchParams.get("token");
    const client = new TestClient(ctx);
    const confirmed = await client.json("POST", "/api/email-change/confirm", {
      token: await tokenIn(newEmail, "confirm"),
    });
    expect(confirmed.status).toBe(200);
    const undone = await client.json("POST", "/api/email-change/undo", {
      token: await tokenIn(owner.email, "undo"),
    });
    expect(undone.status).toBe(200);
    expect(await passkeysOf(owner.id)).toEqual([]);
    expect((await signInWithPasskey(device)).status).toBe(400);
  });
});

describe("row-level security on passkey", () => {
  it("lv_app sees only the actor's own rows, and never the public key", async () => {
    const alice = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const added = await addPasskey(alice, new SoftAuthenticator(APP_URL));
    const db = ctx.services.deps.db;

    const asBob = await withActor(db, { userId: bob.id }, (tx) =>
      tx.select({ id: passkey.id }).from(passkey),
    );
    expect(asBob).toEqual([]);
    const asAlice = await withActor(db, { userId: alice.id }, (tx) =>
      tx.select({ id: passkey.id }).from(passkey),
    );
    expect(asAlice).toEqual([{ id: added.id }]);

    const changed = await withActor(db, { userId: bob.id }, (tx) =>
      tx
        .update(passkey)
        .set({ name: "Hijacked" })
        .where(eq(passkey.id, added.id))
        .returning({ id: passkey.id }),
    );
    expect(changed).toEqual([]);
    const deleted = await withActor(db, { userId: bob.id }, (tx) =>
      tx.delete(passkey).where(eq(passkey.id, added.id)).returning({ id: passkey.id }),
    );
    expect(deleted).toEqual([]);

    await expect(
      withActor(db, { userId: alice.id }, (tx) => tx.execute(sql`select public_key from passkey`)),
    ).rejects.toThrow();
    await expect(
      withActor(db, { userId: alice.id }, (tx) =>
        tx.execute(sql`update passkey set user_id = ${bob.id} where id = ${added.id}`),
      ),
    ).rejects.toThrow();
  });
});
