import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { AUTH_MSG } from "../../common/auth.js";
import type { ResetKeysView } from "../../common/keys.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  browser,
  buildOwnerWithKeys,
  makeAccountKeys,
  ownerDataKey,
  signInAsBrowser,
} from "../../test/factories/owner-keys.js";
import { userKeys, verification } from "../db/schema/index.js";
import { resetIdentifier } from "../keys/password-reset-service.js";
import { listOutbox } from "../mail/outbox.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { openAsset, type CryptoKey } from "../../test/vault-crypto.js";

type ErrorBody = { error: { code: string; message: string } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const NEW_PASSWORD = "Lighthouse-Meadow-77";

async function requestReset(email: string) {
  return new TestClient(ctx).json("POST", "/api/auth/request-password-reset", {
    email,
    redirectTo: "/update-password",
  });
}

async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).status).toBe(200);
  const link = await linkFromMail(ctx, email, "/update-password");
  expect(`${link.origin}${link.pathname}`).toBe(`${ctx.env.APP_URL}/update-password`);
  const token = link.searchParams.get("token");
  if (!token) throw new Error("no token in the reset link");
  return token;
}

/** The body of POST /api/vault/reset for `dataKey` (extractable) and the new password. */
async function resetBody(token: string, dataKey: CryptoKey, keepsDataKey: boolean) {
  const made = await makeAccountKeys(NEW_PASSWORD, { dataKey });
  return { token, newPassword: made.signInSecret, keys: made.keys, keepsDataKey };
}

const storedKeys = async (userId: string) =>
  (await ctx.services.deps.db.select().from(userKeys).where(eq(userKeys.userId, userId)))[0];

/** The stored item as GET /api/assets/:id answers it. */
const storedAsset = async (client: TestClient, id: string) =>
  (
    await client.json<{ asset: { id: string; wrappedKey: string; encryptedData: string } }>(
      "GET",
      `/api/assets/${id}`,
    )
  ).body.asset;

describe("password reset (GET and POST /api/vault/reset)", () => {
  it("answers the same for an unknown and a known address, and mails only the known one", async () => {
    const { email } = await buildUser(ctx);
    const unknown = uniqueEmail();
    const known = await requestReset(email);
    const other = await requestReset(unknown);
    expect(known.status).toBe(200);
    expect(other).toEqual(known);
    await expect(linkFromMail(ctx, email, "/update-password")).resolves.toBeInstanceOf(URL);
    await expect(linkFromMail(ctx, unknown, "/update-password")).rejects.toThrow(/no mail/);
  });

  it("with the recovery key: DK is kept, the link works once, every session ends, the new password signs in", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const { id: assetId } = await buildAsset(owner.client, {
      dataKey: owner.dataKey,
      content: { kept: true },
    });
    const token = await resetToken(owner.email);
    const anyone = new TestClient(ctx);
    const peek = await anyone.json<ResetKeysView>("GET", `/api/vault/reset?token=${token}`);
    expect(peek).toEqual({
      status: 200,
      body: { recoveryWrappedKey: owner.keys.recoveryWrappedKey, dataKey: null },
    });
    // the reset page opens DK with the recovery key the owner kept
    const recovery = await browser.recoveryWrappingKey(
      browser.parseRecoveryKey(owner.recoveryKey) ?? new Uint8Array(),
    );
    const dk = await browser.unwrapDataKey(
      Buffer.from(peek.body.recoveryWrappedKey ?? "", "base64"),
      recovery,
      "recovery",
      true,
    );
    const body = await resetBody(token, dk, true);
    expect(await anyone.json("POST", "/api/vault/reset", body)).toEqual({
      status: 200,
      body: { ok: true },
    });

    const again = await anyone.json<ErrorBody>("POST", "/api/vault/reset", body);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(AUTH_MSG.linkInvalid);
    const peekAgain = await anyone.json<ErrorBody>("GET", `/api/vault/reset?token=${token}`);
    expect(peekAgain.status).toBe(400);
    expect(peekAgain.body.error.message).toBe(AUTH_MSG.linkInvalid);

    expect((await owner.client.get("/api/me")).status).toBe(401);
    expect((await signInAsBrowser(ctx, owner.email, owner.password)).status).toBe(401);
    const fresh = await signInAsBrowser(ctx, owner.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    const opened = await ownerDataKey(fresh.client, NEW_PASSWORD);
    expect(await openAsset(opened, await storedAsset(fresh.client, assetId))).toEqual({
      kept: true,
    });
    expect((await storedKeys(owner.id))?.recoveryWrappedKey?.toString("base64")).toBe(
      body.keys.recoveryWrappedKey,
    );
  });

  it("without the recovery key: a new DK, and the escrowed copy of an account not moved over goes too", async () => {
    const user = await buildUser(ctx);
    const { id: assetId } = await buildAsset(user.client, { content: { lost: true } });
    const token = await resetToken(user.email);
    const peek = await new TestClient(ctx).json<ResetKeysView>(
      "GET",
      `/api/vault/reset?token=${token}`,
    );
    expect(peek.body.recoveryWrappedKey).toBeNull();
    expect(Buffer.from(peek.body.dataKey ?? "", "base64")).toHaveLength(32); // escrowed: could be kept

    const fresh = await browser.newDataKey();
    const res = await new TestClient(ctx).json(
      "POST",
      "/api/vault/reset",
      await resetBody(token, fresh, false),
    );
    expect(res.status).toBe(200);
    const row = await storedKeys(user.id);
    expect(row?.wrappedKey).toBeNull();
    expect(row?.passwordWrappedKey).not.toBeNull();
    const signedIn = await signInAsBrowser(ctx, user.email, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    const dk = await ownerDataKey(signedIn.client, NEW_PASSWORD);
    await expect(openAsset(dk, await storedAsset(signedIn.client, assetId))).rejects.toThrow();
  });

  it("an account not moved over that keeps its escrowed DK moves over with the reset", async () => {
    const user = await buildUser(ctx);
    const escrowed = await dataKeyOf(user.client);
    expect(escrowed).toBeDefined();
    const token = await resetToken(user.email);
    const peek = await new TestClient(ctx).json<ResetKeysView>(
      "GET",
      `/api/vault/reset?token=${token}`,
    );
    const dk = await browser.importRawDataKey(Buffer.from(peek.body.dataKey ?? "", "base64"), true);
    const res = await new TestClient(ctx).json(
      "POST",
      "/api/vault/reset",
      await resetBody(token, dk, true),
    );
    expect(res.status).toBe(200);
    expect((await storedKeys(user.id))?.wrappedKey).toBeNull(); // nothing pending: the escrow went
    const signedIn = await signInAsBrowser(ctx, user.email, NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
  });

  it("refuses a too-common or too-short new password and keeps the link usable", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const token = await resetToken(owner.email);
    const client = new TestClient(ctx);
    const body = await resetBody(token, owner.dataKey, true);
    const common = await client.json<ErrorBody>("POST", "/api/vault/reset", {
      ...body,
      newPassword: "password123",
    });
    expect(common.status).toBe(400);
    expect(common.body.error.message).toBe(AUTH_MSG.commonPassword);
    const short = await client.json<ErrorBody>("POST", "/api/vault/reset", {
      ...body,
      newPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe(AUTH_MSG.passwordTooShort);
    expect((await client.json("POST", "/api/vault/reset", body)).status).toBe(200);
  });

  it("a made-up token is refused; so is an expired one", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const body = await resetBody("not-a-real-token", owner.dataKey, true);
    const res = await new TestClient(ctx).json<ErrorBody>("POST", "/api/vault/reset", body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(AUTH_MSG.linkInvalid);
    const peek = await new TestClient(ctx).json<ErrorBody>("GET", "/api/vault/reset?token=nope");
    expect(peek.status).toBe(400);
    expect(peek.body.error.message).toBe(AUTH_MSG.linkInvalid);

    const token = await resetToken(owner.email);
    await ctx.services.deps.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, resetIdentifier(token)));
    const late = await new TestClient(ctx).json<ErrorBody>(
      "GET",
      `/api/vault/reset?token=${token}`,
    );
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(AUTH_MSG.linkInvalid);
    const used = await new TestClient(ctx).json<ErrorBody>("POST", "/api/vault/reset", {
      ...body,
      token,
    });
    expect(used.status).toBe(400);
    expect(used.body.error.message).toBe(AUTH_MSG.linkInvalid);
    expect((await signInAsBrowser(ctx, owner.email, owner.password)).status).toBe(200);
  });

  it("stores the reset token only hashed: a database dump holds no usable link", async () => {
    const { email } = await buildUser(ctx);
    const token = await resetToken(email);
    const rows = await ctx.services.deps.db.select().from(verification);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

async function mailCount(to: string): Promise<number> {
  return (await listOutbox(ctx.services.deps.db, 1000)).filter((m) => m.to === to).length;
}

describe("resend confirmation", () => {
  async function resend(email: string) {
    return new TestClient(ctx).json("POST", "/api/auth/send-verification-email", { email });
  }

  it("answers the same for unknown, unconfirmed and confirmed addresses, and mails only the unconfirmed one", async () => {
    const unconfirmed = uniqueEmail();
    await new TestClient(ctx).post("/api/register", {
      name: "Rae Sender",
      email: unconfirmed,
      password: "Quartz-Lantern-58",
    });
    const { email: confirmed } = await buildUser(ctx);
    const unknown = uniqueEmail();

    const answers = [await resend(unconfirmed), await resend(confirmed), await resend(unknown)];
    expect(answers[0]).toEqual({ status: 200, body: { status: true } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    expect(await mailCount(unconfirmed)).toBe(2);
    expect(await mailCount(confirmed)).toBe(1);
    await expect(linkFromMail(ctx, unknown, "/auth/callback")).rejects.toThrow(/no mail/);
  });

  it("the resent link confirms the account", async () => {
    const email = uniqueEmail();
    const client = new TestClient(ctx);
    await client.post("/api/register", {
      name: "Sol Resend",
      email,
      password: "Quartz-Lantern-58",
    });
    await resend(email);
    const code = (await linkFromMail(ctx, email, "/auth/callback")).searchParams.get("code");
    expect((await client.get(`/api/auth/verify-email?token=${code}`)).status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(200);
  });
});
