import { randomUUID, webcrypto } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MSG } from "../../common/auth.js";
import type { CreatedFirmView } from "../../common/firms.js";
import {
  KDF_ITERATIONS,
  KEYS_MSG,
  type DataKeyView,
  type SessionKeyView,
  type SignInKdfView,
} from "../../common/keys.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import { makeBeneficiaryKey, wrapForBeneficiary } from "../../test/factories/beneficiary-keys.js";
import {
  browser,
  buildOwnerWithKeys,
  deriveKeys,
  makeAccountKeys,
  ownerDataKey,
  signInAsBrowser,
  TEST_KDF,
} from "../../test/factories/owner-keys.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { openAsset, type CryptoKey } from "../../test/vault-crypto.js";
import type { Db } from "../db/client.js";
import { auditLog, sessionVaultKeys, userKeys } from "../db/schema/index.js";

type ErrorBody = { error: { code: string; message: string } };

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.services.deps.db;
});
afterAll(() => ctx.close());

const storedKeys = async (userId: string) =>
  (await db.select().from(userKeys).where(eq(userKeys.userId, userId)))[0];
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
/** The stored item as GET /api/assets/:id answers it (with its wrapped key and ciphertext). */
const stored = async (client: TestClient, id: string) =>
  (
    await client.json<{ asset: { id: string; wrappedKey: string; encryptedData: string } }>(
      "GET",
      `/api/assets/${id}`,
    )
  ).body.asset;
const vaultKey = (client: TestClient) => client.json<DataKeyView>("GET", "/api/vault/key");

/** An account from before owner-held keys (no keys at registration), moved over by its browser. */
async function moveOver(user: Awaited<ReturnType<typeof buildUser>>) {
  const escrowed = await vaultKey(user.client);
  const dk = await browser.importRawDataKey(
    Buffer.from(escrowed.body.dataKey ?? "", "base64"),
    true,
  );
  const made = await makeAccountKeys(user.password, { dataKey: dk });
  const res = await user.client.json("POST", "/api/vault/key/move-over", {
    currentPassword: user.password,
    newPassword: made.signInSecret,
    keys: made.keys,
  });
  return { res, ...made };
}

describe("POST /api/kdf", () => {
  it("answers an account's salt and cost, a made-up one of the same shape for an unknown address, null for one not moved over", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const anyone = new TestClient(ctx);
    const own = await anyone.json<SignInKdfView>("POST", "/api/kdf", { email: owner.email });
    expect(own).toEqual({
      status: 200,
      body: { kdf: { salt: b64(TEST_KDF.salt), iterations: KDF_ITERATIONS } },
    });

    const stranger = uniqueEmail("nobody");
    const unknown = await anyone.json<SignInKdfView>("POST", "/api/kdf", { email: stranger });
    expect(unknown.status).toBe(200);
    expect(unknown.body.kdf?.iterations).toBe(KDF_ITERATIONS);
    expect(Buffer.from(unknown.body.kdf?.salt ?? "", "base64")).toHaveLength(16);
    expect(Object.keys(unknown.body.kdf ?? {})).toEqual(Object.keys(own.body.kdf ?? {}));
    const again = await anyone.json<SignInKdfView>("POST", "/api/kdf", {
      email: stranger.toUpperCase(),
    });
    expect(again.body).toEqual(unknown.body);
    const other = await anyone.json<SignInKdfView>("POST", "/api/kdf", { email: uniqueEmail() });
    expect(other.body.kdf?.salt).not.toBe(unknown.body.kdf?.salt);

    const old = await buildUser(ctx);
    expect(await anyone.json("POST", "/api/kdf", { email: old.email })).toEqual({
      status: 200,
      body: { kdf: null },
    });
  });

  it("is limited per address like sign-in", async () => {
    const client = new TestClient(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await client.post("/api/kdf", { email: uniqueEmail() })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe("registration with keys", () => {
  it("stores the browser's wraps and no escrowed copy; GET /api/vault/key hands no raw key", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const row = await storedKeys(owner.id);
    expect(row?.wrappedKey).toBeNull();
    expect(row?.kdfSalt?.equals(TEST_KDF.salt)).toBe(true);
    expect(row?.passwordWrappedKey?.toString("base64")).toBe(owner.keys.passwordWrappedKey);
    expect(row?.recoveryWrappedKey?.toString("base64")).toBe(owner.keys.recoveryWrappedKey);
    const res = await owner.client.request("GET", "/api/vault/key");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      dataKey: null,
      passwordWrappedKey: owner.keys.passwordWrappedKey,
      kdf: owner.keys.kdf,
      hasRecoveryKey: true,
    });
    expect(await storedKeys(owner.id)).toEqual(row); // no escrowed key made on the way
    // the browser opens its DK with the password, and the items it stores open with it
    const dk = await ownerDataKey(owner.client, owner.password);
    const { id: assetId } = await buildAsset(owner.client, {
      dataKey: dk,
      content: { note: "hi" },
    });
    expect(await openAsset(dk, await stored(owner.client, assetId))).toEqual({ note: "hi" });
  });

  it("the password as is no longer signs in; the derived secret does", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const plain = await new TestClient(ctx).post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(plain.status).toBe(401);
    expect((await signInAsBrowser(ctx, owner.email, owner.password)).status).toBe(200);
  });

  it("an address that already has an account: the same answer, and nothing of it changes", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const before = await storedKeys(owner.id);
    const made = await makeAccountKeys("Another-Password-For-It-9");
    const res = await new TestClient(ctx).json("POST", "/api/register", {
      name: "Someone Else",
      email: owner.email,
      password: made.signInSecret,
      keys: made.keys,
    });
    expect(res).toEqual({ status: 200, body: { ok: true } });
    expect(await storedKeys(owner.id)).toEqual(before);
  });

  it("a firm's first admin sends no recovery wrap, gets no escrowed copy, and makes one first kit after confirming (decision 073)", async () => {
    const client = new TestClient(ctx);
    const created = await client.json<CreatedFirmView>("POST", "/api/firms", {
      name: `Firm ${randomUUID().slice(0, 8)} LLP`,
      phone: "+1 555 0100",
      address: "1 Main St",
    });
    const email = uniqueEmail("admin");
    const made = await makeAccountKeys("Admin-Orchard-Password-5");
    const { recoveryWrappedKey: _noKitYet, ...passwordOnly } = made.keys;
    const claim = await client.json("POST", "/api/firms/claim", {
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
    const me = await client.json<{ user: { id: string } }>("GET", "/api/me");
    const row = await storedKeys(me.body.user.id);
    expect(row?.wrappedKey).toBeNull();
    expect(row?.recoveryWrappedKey).toBeNull();
    expect(row?.passwordWrappedKey?.toString("base64")).toBe(made.keys.passwordWrappedKey);
    expect((await vaultKey(client)).body).toMatchObject({ hasRecoveryKey: false, dataKey: null });

    // Two tabs make a first kit at once: the second is refused, so no kit shown opens nothing.
    const first = { recoveryWrappedKey: made.keys.recoveryWrappedKey, isFirstKit: true };
    expect(await client.json("PUT", "/api/vault/key/recovery", first)).toEqual({
      status: 200,
      body: { ok: true },
    });
    const second = await client.json<ErrorBody>("PUT", "/api/vault/key/recovery", {
      ...first,
      recoveryWrappedKey: b64(webcrypto.getRandomValues(new Uint8Array(60))),
    });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(KEYS_MSG.kitAlreadyMade);
    expect((await storedKeys(me.body.user.id))?.recoveryWrappedKey?.toString("base64")).toBe(
      made.keys.recoveryWrappedKey,
    );
    expect((await vaultKey(client)).body).toMatchObject({ hasRecoveryKey: true });
  });

  it("an account registered without keys has no data key until its first GET, which makes an escrowed one", async () => {
    const old = await buildUser(ctx);
    expect(await storedKeys(old.id)).toBeUndefined();
    const res = await vaultKey(old.client);
    expect(res.body).toMatchObject({ passwordWrappedKey: null, kdf: null, hasRecoveryKey: false });
    expect(Buffer.from(res.body.dataKey ?? "", "base64")).toHaveLength(32);
    expect((await storedKeys(old.id))?.wrappedKey).toHaveLength(60);
  });
});

describe("GET /api/vault/session-key", () => {
  it("one key per session: the same on every call, another for another session, gone with the session", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const first = await owner.client.json<SessionKeyView>("GET", "/api/vault/session-key");
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.sessionKey, "base64")).toHaveLength(32);
    expect((await owner.client.json("GET", "/api/vault/session-key")).body).toEqual(first.body);

    const second = await signInAsBrowser(ctx, owner.email, owner.password);
    const other = await second.client.json<SessionKeyView>("GET", "/api/vault/session-key");
    expect(other.body.sessionKey).not.toBe(first.body.sessionKey);
    const stranger = await buildOwnerWithKeys(ctx);
    const theirs = await stranger.client.json<SessionKeyView>("GET", "/api/vault/session-key");
    expect([first.body.sessionKey, other.body.sessionKey]).not.toContain(theirs.body.sessionKey);

    expect(await db.select().from(sessionVaultKeys)).toHaveLength(3);
    expect((await owner.client.post("/api/auth/sign-out")).status).toBe(200);
    const left = await db.select({ key: sessionVaultKeys.key }).from(sessionVaultKeys);
    expect(left.map((r) => r.key.toString("base64")).sort()).toEqual(
      [other.body.sessionKey, theirs.body.sessionKey].sort(),
    );
  });

  it("needs a session", async () => {
    expect((await new TestClient(ctx).get("/api/vault/session-key")).status).toBe(401);
  });
});

describe("POST /api/vault/key/move-over", () => {
  it("checks the old password, then stores the new secret's hash and the wraps; the escrowed copy goes; the old password no longer signs in", async () => {
    const user = await buildUser(ctx);
    const escrowedDk = (await vaultKey(user.client)).body.dataKey;
    const { res, signInSecret, keys, dataKey } = await moveOver(user);
    expect(res).toEqual({ status: 200, body: { ok: true } });
    const row = await storedKeys(user.id);
    expect(row?.wrappedKey).toBeNull();
    expect(row?.passwordWrappedKey?.toString("base64")).toBe(keys.passwordWrappedKey);
    expect((await vaultKey(user.client)).body).toEqual({
      dataKey: null,
      passwordWrappedKey: keys.passwordWrappedKey,
      kdf: keys.kdf,
      hasRecoveryKey: true,
    });
    // the same DK, now opened with the password-derived key
    const opened = await ownerDataKey(user.client, user.password);
    const { id: assetId } = await buildAsset(user.client, { dataKey, content: { same: true } });
    expect(await openAsset(opened, await stored(user.client, assetId))).toEqual({ same: true });
    expect(b64(new Uint8Array(await webcrypto.subtle.exportKey("raw", dataKey)))).toBe(escrowedDk);

    const anyone = new TestClient(ctx);
    const old = await anyone.post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(old.status).toBe(401);
    expect(
      (
        await new TestClient(ctx).post("/api/auth/sign-in/email", {
          email: user.email,
          password: signInSecret,
        })
      ).status,
    ).toBe(200);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, "vault.keys_moved_over")));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(signInSecret);
  });

  it("a wrong current password: 400 with today's message, nothing stored; twice: 409", async () => {
    const user = await buildUser(ctx);
    const escrowed = await vaultKey(user.client);
    const made = await makeAccountKeys(user.password);
    const wrong = await user.client.json<ErrorBody>("POST", "/api/vault/key/move-over", {
      currentPassword: "Not-The-Password-1",
      newPassword: made.signInSecret,
      keys: made.keys,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(AUTH_MSG.currentPasswordWrong);
    expect((await vaultKey(user.client)).body).toEqual(escrowed.body);

    expect((await moveOver(user)).res.status).toBe(200);
    const again = await user.client.json<ErrorBody>("POST", "/api/vault/key/move-over", {
      currentPassword: made.signInSecret,
      newPassword: made.signInSecret,
      keys: made.keys,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(KEYS_MSG.alreadyMovedOver);
  });

  it("wrong current passwords are limited per account", async () => {
    const user = await buildUser(ctx);
    const made = await makeAccountKeys(user.password);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (
          await user.client.request("POST", "/api/vault/key/move-over", {
            currentPassword: `Wrong-Password-${i}`,
            newPassword: made.signInSecret,
            keys: made.keys,
          })
        ).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("keeps the escrowed copy while an item still waits for a beneficiary key, and drops it once the browser wrapped it", async () => {
    const user = await buildUser(ctx);
    const heir = uniqueEmail("heir");
    const item = await buildAsset(user.client, { beneficiaryEmails: [heir] });
    const { res } = await moveOver(user);
    expect(res.status).toBe(200);
    expect((await storedKeys(user.id))?.wrappedKey).not.toBeNull();
    expect((await vaultKey(user.client)).body.dataKey).not.toBeNull();

    const dk = await dataKeyOf(user.client);
    const made = await makeBeneficiaryKey(dk, { email: heir, items: [item] });
    expect((await user.client.json("POST", "/api/keys/beneficiaries", made.body)).status).toBe(201);
    expect((await storedKeys(user.id))?.wrappedKey).toBeNull();
    expect((await vaultKey(user.client)).body.dataKey).toBeNull();
  });

  it("the same check runs after PUT …/items: the escrowed copy goes with the last pending item", async () => {
    const user = await buildUser(ctx);
    const heir = uniqueEmail("heir");
    const dk = await dataKeyOf(user.client);
    const made = await makeBeneficiaryKey(dk, { email: heir });
    expect((await user.client.json("POST", "/api/keys/beneficiaries", made.body)).status).toBe(201);
    const item = await buildAsset(user.client, { beneficiaryEmails: [heir], dataKey: dk });
    expect((await moveOver(user)).res.status).toBe(200);
    expect((await storedKeys(user.id))?.wrappedKey).not.toBeNull();
    const put = await user.client.json("PUT", `/api/keys/beneficiaries/${made.id}/items`, {
      items: [
        { assetId: item.id, wrappedKey: await wrapForBeneficiary(made.bk, item.id, item.ck) },
      ],
    });
    expect(put.status).toBe(200);
    expect((await storedKeys(user.id))?.wrappedKey).toBeNull();
  });

  it("an account that has not moved over keeps its escrowed copy whatever the beneficiary routes do", async () => {
    const user = await buildUser(ctx);
    const dk = await dataKeyOf(user.client);
    const made = await makeBeneficiaryKey(dk, { email: uniqueEmail("heir") });
    expect((await user.client.json("POST", "/api/keys/beneficiaries", made.body)).status).toBe(201);
    expect((await storedKeys(user.id))?.wrappedKey).not.toBeNull();
  });
});

describe("PUT /api/vault/key/recovery", () => {
  it("replaces the recovery wrap of a moved-over account; 409 before moving over; 401 without a session", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const recovery = await browser.recoveryWrappingKey(
      browser.parseRecoveryKey(browser.newRecoveryKey()) ?? new Uint8Array(),
    );
    const wrapped = b64(await browser.wrapDataKey(owner.dataKey, recovery, "recovery"));
    const res = await owner.client.json("PUT", "/api/vault/key/recovery", {
      recoveryWrappedKey: wrapped,
    });
    expect(res).toEqual({ status: 200, body: { ok: true } });
    expect((await storedKeys(owner.id))?.recoveryWrappedKey?.toString("base64")).toBe(wrapped);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.actorId, owner.id), eq(auditLog.action, "vault.recovery_key_replaced")),
      );
    expect(audit).toBeDefined();

    const old = await buildUser(ctx);
    const refused = await old.client.json<ErrorBody>("PUT", "/api/vault/key/recovery", {
      recoveryWrappedKey: wrapped,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(KEYS_MSG.notMovedOver);
    expect(
      (
        await new TestClient(ctx).request("PUT", "/api/vault/key/recovery", {
          recoveryWrappedKey: wrapped,
        })
      ).status,
    ).toBe(401);
  });
});

describe("POST /api/vault/key/password", () => {
  const NEW_PASSWORD = "Window-Pebble-Harvest-83";

  async function newWrap(dataKey: CryptoKey) {
    const { signInSecret, passwordKey } = await deriveKeys(NEW_PASSWORD);
    return {
      newPassword: signInSecret,
      kdf: { salt: b64(TEST_KDF.salt), iterations: KDF_ITERATIONS },
      passwordWrappedKey: b64(await browser.wrapDataKey(dataKey, passwordKey, "password")),
    };
  }

  it("re-wraps DK for the new password in one step with the new hash, and ends the other sessions", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const { id: assetId } = await buildAsset(owner.client, {
      dataKey: owner.dataKey,
      content: { kept: 1 },
    });
    const elsewhere = await signInAsBrowser(ctx, owner.email, owner.password);
    expect((await elsewhere.client.get("/api/me")).status).toBe(200);
    const body = { currentPassword: owner.signInSecret, ...(await newWrap(owner.dataKey)) };
    expect(await owner.client.json("POST", "/api/vault/key/password", body)).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await owner.client.get("/api/me")).status).toBe(200);
    expect((await elsewhere.client.get("/api/me")).status).toBe(401);
    expect((await signInAsBrowser(ctx, owner.email, owner.password)).status).toBe(401);
    const fresh = await signInAsBrowser(ctx, owner.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    const dk = await ownerDataKey(fresh.client, NEW_PASSWORD);
    expect(await openAsset(dk, await stored(fresh.client, assetId))).toEqual({ kept: 1 });
  });

  it("a wrong current password: 400 with today's message; an account not moved over: 409", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const wrong = await owner.client.json<ErrorBody>("POST", "/api/vault/key/password", {
      currentPassword: owner.password, // the password as is is not what the server knows
      ...(await newWrap(owner.dataKey)),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(AUTH_MSG.currentPasswordWrong);
    expect((await signInAsBrowser(ctx, owner.email, owner.password)).status).toBe(200);

    const old = await buildUser(ctx);
    const dk = await browser.newDataKey();
    const refused = await old.client.json<ErrorBody>("POST", "/api/vault/key/password", {
      currentPassword: old.password,
      ...(await newWrap(dk)),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(KEYS_MSG.notMovedOver);
  });

  it("better-auth's own change-password and reset-password are off", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const res = await owner.client.request("POST", "/api/auth/change-password", {
      currentPassword: owner.signInSecret,
      newPassword: "Something-Else-Entirely-4",
    });
    expect(res.status).toBe(404);
    const reset = await new TestClient(ctx).request("POST", "/api/auth/reset-password", {
      token: "x",
      newPassword: "Something-Else-Entirely-4",
    });
    expect(reset.status).toBe(404);
  });
});

describe("someone else", () => {
  it("each user's GET /api/vault/key is their own, whatever they ask for", async () => {
    const a = await buildOwnerWithKeys(ctx);
    const b = await buildOwnerWithKeys(ctx);
    const asB = await b.client.json<DataKeyView>("GET", `/api/vault/key?userId=${a.id}`);
    expect(asB.body.passwordWrappedKey).toBe(b.keys.passwordWrappedKey);
    expect(asB.body.passwordWrappedKey).not.toBe(a.keys.passwordWrappedKey);
    expect((await new TestClient(ctx).get("/api/vault/key")).status).toBe(401);
  });
});
