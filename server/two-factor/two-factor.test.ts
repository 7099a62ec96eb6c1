import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MSG } from "../../common/auth.js";
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_LOCK_AFTER,
  TWO_FACTOR_MSG,
  type AuthenticatorSetupView,
  type RecoveryCodesView,
  type TwoFactorView,
} from "../../common/two-factor.js";
import { auditLog, twoFactor } from "../db/schema/index.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  type TestContext,
} from "../../test/harness.js";
import { nextTotpCode, totpCode, wrongTotpCode } from "../../test/totp.js";

type ErrorBody = { error: { code: string; message: string } };
type SignInAnswer = { twoFactorRedirect?: boolean; twoFactorMethods?: string[] };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A confirmed user who set up an authenticator app from the profile. */
async function buildUserWithAuthenticator() {
  const user = await buildUser(ctx);
  const setup = await user.client.json<AuthenticatorSetupView>(
    "POST",
    "/api/two-factor/authenticator",
    { password: user.password },
  );
  expect(setup.status).toBe(200);
  const confirm = await user.client.request("POST", "/api/two-factor/authenticator/confirm", {
    code: totpCode(setup.body.secret),
  });
  expect(confirm.status).toBe(204);
  return { ...user, ...setup.body };
}

async function startSignIn(email: string, password: string) {
  const client = new TestClient(ctx);
  const res = await client.json<SignInAnswer>("POST", "/api/auth/sign-in/email", {
    email,
    password,
  });
  expect(res.status).toBe(200);
  expect(res.body.twoFactorRedirect).toBe(true);
  expect(client.hasSession()).toBe(false);
  return { client, methods: res.body.twoFactorMethods };
}

const verifyTotp = (client: TestClient, code: string) =>
  client.json<ErrorBody>("POST", "/api/auth/two-factor/verify-totp", { code });
const verifyRecovery = (client: TestClient, code: string) =>
  client.json<ErrorBody>("POST", "/api/auth/two-factor/verify-backup-code", { code });

async function auditActions(userId: string) {
  const rows = await ctx.services.deps.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.ownerId, userId));
  return rows;
}

describe("setting up an authenticator app", () => {
  it("asks for the password, shows a key and ten codes once, and turns on with the app's code", async () => {
    const user = await buildUser(ctx);
    const wrongPassword = await user.client.json<ErrorBody>(
      "POST",
      "/api/two-factor/authenticator",
      { password: `${user.password}x` },
    );
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.message).toBe(AUTH_MSG.currentPasswordWrong);

    const setup = await user.client.json<AuthenticatorSetupView>(
      "POST",
      "/api/two-factor/authenticator",
      { password: user.password },
    );
    expect(setup.status).toBe(200);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Legacy%20Vault:/);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(setup.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of setup.body.recoveryCodes)
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(new Set(setup.body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);

    // not on until the app's code is given; the database holds neither the key nor the codes in clear
    const before = await user.client.json<TwoFactorView>("GET", "/api/two-factor");
    expect(before.body).toEqual({ isOn: false, hasAuthenticator: false, recoveryCodesLeft: null });
    const [row] = await ctx.services.deps.db
      .select()
      .from(twoFactor)
      .where(eq(twoFactor.userId, user.id));
    expect(row?.secret).not.toContain(setup.body.secret);
    for (const code of setup.body.recoveryCodes) expect(row?.backupCodes).not.toContain(code);

    const wrong = await user.client.json<ErrorBody>(
      "POST",
      "/api/two-factor/authenticator/confirm",
      { code: wrongTotpCode(setup.body.secret) },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(AUTH_MSG.mfaInvalid);

    const ok = await user.client.request("POST", "/api/two-factor/authenticator/confirm", {
      code: totpCode(setup.body.secret),
    });
    expect(ok.status).toBe(204);
    expect(user.client.hasSession()).toBe(true);
    const after = await user.client.json<TwoFactorView>("GET", "/api/two-factor");
    expect(after.body).toEqual({ isOn: true, hasAuthenticator: true, recoveryCodesLeft: 10 });

    const mail = await lastMailTo(ctx, user.email);
    expect(mail.subject).toBe(TWO_FACTOR_MSG.authenticatorAddedSubject);
    // its link opens the profile's section that holds the sign-in protection
    expect(mail.text).toContain(`${ctx.env.APP_URL}/profile/security#sign-in-protection`);
    const rows = await auditActions(user.id);
    const added = rows.find((r) => r.action === "auth.factor_added");
    expect(added?.details).toEqual({ factor: "authenticator" });
    expect(JSON.stringify(rows)).not.toContain(setup.body.secret);
  });

  it("a second app cannot be added over the first", async () => {
    const user = await buildUserWithAuthenticator();
    const again = await user.client.json<ErrorBody>("POST", "/api/two-factor/authenticator", {
      password: user.password,
    });
    expect(again.status).toBe(409);
  });
});

describe("signing in with an authenticator app", () => {
  it("offers the app and the e-mailed code, refuses a wrong code and takes the right one", async () => {
    const user = await buildUserWithAuthenticator();
    const { client, methods } = await startSignIn(user.email, user.password);
    expect(methods).toEqual(["totp", "otp"]);
    const wrong = await verifyTotp(client, wrongTotpCode(user.secret));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(AUTH_MSG.mfaInvalid);
    expect(client.hasSession()).toBe(false);
    const code = nextTotpCode(user.secret);
    expect((await verifyTotp(client, code)).status).toBe(200);
    expect(client.hasSession()).toBe(true);
    expect((await client.get("/api/me")).status).toBe(200);
    // the same code a second time, within its window: refused (a code seen over a shoulder)
    const replay = await startSignIn(user.email, user.password);
    const again = await verifyTotp(replay.client, code);
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe(AUTH_MSG.mfaInvalid);
    expect(replay.client.hasSession()).toBe(false);
    const failed = (await auditActions(user.id)).filter((r) => r.action === "auth.code_failed");
    expect(failed.map((r) => r.details)).toEqual([
      { reason: "INVALID_CODE", factor: "authenticator" },
    ]);
  });

  it("after 5 wrong codes in one sign-in even the right one is refused", async () => {
    const user = await buildUserWithAuthenticator();
    const { client } = await startSignIn(user.email, user.password);
    for (let i = 0; i < 5; i++)
      expect((await verifyTotp(client, wrongTotpCode(user.secret))).status).toBe(401);
    const right = await verifyTotp(client, nextTotpCode(user.secret));
    expect(right.status).toBe(400);
    expect(client.hasSession()).toBe(false);
  });

  it(`after ${SECOND_FACTOR_LOCK_AFTER} wrong codes in a row the account's factors wait, whatever the sign-in`, async () => {
    const user = await buildUserWithAuthenticator();
    for (let round = 0; round < SECOND_FACTOR_LOCK_AFTER / 5; round++) {
      const { client } = await startSignIn(user.email, user.password);
      for (let i = 0; i < 5; i++) await verifyTotp(client, wrongTotpCode(user.secret));
    }
    const { client } = await startSignIn(user.email, user.password);
    expect((await verifyTotp(client, nextTotpCode(user.secret))).status).toBe(429);
    expect((await verifyRecovery(client, user.recoveryCodes[0] ?? "")).status).toBe(429);
    expect(client.hasSession()).toBe(false);
  });
});

describe("recovery codes", () => {
  it("each signs in once; a used code fails the second time; the owner is told how many are left", async () => {
    const user = await buildUserWithAuthenticator();
    const code = user.recoveryCodes[3] ?? "";
    const first = await startSignIn(user.email, user.password);
    expect((await verifyRecovery(first.client, code)).status).toBe(200);
    expect(first.client.hasSession()).toBe(true);
    const mail = await lastMailTo(ctx, user.email);
    expect(mail.subject).toBe(TWO_FACTOR_MSG.recoveryUsedSubject);
    expect(mail.text).toContain("9 recovery codes left");
    expect(mail.text).not.toContain(code);

    const second = await startSignIn(user.email, user.password);
    const again = await verifyRecovery(second.client, code);
    expect(again.status).toBe(401);
    expect(second.client.hasSession()).toBe(false);
    const state = await user.client.json<TwoFactorView>("GET", "/api/two-factor");
    expect(state.body.recoveryCodesLeft).toBe(9);
    const actions = (await auditActions(user.id)).map((r) => r.action);
    expect(actions).toContain("auth.recovery_code_used");
  });

  it("new codes need the password and replace the old ones", async () => {
    const user = await buildUserWithAuthenticator();
    const refused = await user.client.json<ErrorBody>("POST", "/api/two-factor/recovery-codes", {
      password: "not-the-password",
    });
    expect(refused.status).toBe(400);
    const renewed = await user.client.json<RecoveryCodesView>(
      "POST",
      "/api/two-factor/recovery-codes",
      { password: user.password },
    );
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await lastMailTo(ctx, user.email)).subject).toBe(TWO_FACTOR_MSG.recoveryRenewedSubject);

    const old = await startSignIn(user.email, user.password);
    expect((await verifyRecovery(old.client, user.recoveryCodes[0] ?? "")).status).toBe(401);
    const fresh = await startSignIn(user.email, user.password);
    expect((await verifyRecovery(fresh.client, renewed.body.recoveryCodes[0] ?? "")).status).toBe(
      200,
    );
  });
});

describe("removing the authenticator app", () => {
  it("needs the password; the e-mailed code stays and turning it off waits for the app to go", async () => {
    const user = await buildUserWithAuthenticator();
    const offFirst = await user.client.json<ErrorBody>("POST", "/api/auth/two-factor/disable", {
      password: user.password,
    });
    expect(offFirst.status).toBe(400);
    expect(offFirst.body.error.message).toBe(TWO_FACTOR_MSG.removeAuthenticatorFirst);

    expect(
      (await user.client.request("DELETE", "/api/two-factor/authenticator", { password: "nope" }))
        .status,
    ).toBe(400);
    const removed = await user.client.request("DELETE", "/api/two-factor/authenticator", {
      password: user.password,
    });
    expect(removed.status).toBe(204);
    const state = await user.client.json<TwoFactorView>("GET", "/api/two-factor");
    expect(state.body).toEqual({ isOn: true, hasAuthenticator: false, recoveryCodesLeft: null });
    expect((await lastMailTo(ctx, user.email)).subject).toBe(
      TWO_FACTOR_MSG.authenticatorRemovedSubject,
    );
    const { methods } = await startSignIn(user.email, user.password);
    expect(methods).toEqual(["otp"]);
    const actions = (await auditActions(user.id)).map((r) => r.action);
    expect(actions).toContain("auth.factor_removed");
  });
});

describe("someone else", () => {
  it("cannot reach, change or use another account's factors", async () => {
    const owner = await buildUserWithAuthenticator();
    const other = await buildUser(ctx);
    // the other account sees only its own state, and has nothing to remove or renew
    const seen = await other.client.json<TwoFactorView>("GET", "/api/two-factor");
    expect(seen.body).toEqual({ isOn: false, hasAuthenticator: false, recoveryCodesLeft: null });
    expect(
      (
        await other.client.request("DELETE", "/api/two-factor/authenticator", {
          password: other.password,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await other.client.request("POST", "/api/two-factor/recovery-codes", {
          password: other.password,
        })
      ).status,
    ).toBe(404);
    // the owner's password does not help from another session
    expect(
      (
        await other.client.request("DELETE", "/api/two-factor/authenticator", {
          password: owner.password === other.password ? "x" : owner.password,
        })
      ).status,
    ).toBe(400);
    // the owner's codes do not confirm anything for the other account
    expect(
      (
        await other.client.request("POST", "/api/two-factor/authenticator/confirm", {
          code: totpCode(owner.secret),
        })
      ).status,
    ).toBe(404);
    const [row] = await ctx.services.deps.db
      .select()
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, owner.id), eq(twoFactor.verified, true)));
    expect(row).toBeDefined();

    // without a session: nothing
    const stranger = new TestClient(ctx);
    expect((await stranger.get("/api/two-factor")).status).toBe(401);
    expect(
      (await stranger.request("POST", "/api/two-factor/recovery-codes", { password: "x" })).status,
    ).toBe(401);
    expect(
      (await stranger.request("DELETE", "/api/two-factor/authenticator", { password: "x" })).status,
    ).toBe(401);
    // a code without a sign-in challenge: refused
    expect((await verifyRecovery(stranger, owner.recoveryCodes[0] ?? "")).status).toBe(401);
  });

  it("better-auth's own routes for these are not served over HTTP, and the sign-in routes need a sign-in", async () => {
    const user = await buildUserWithAuthenticator();
    for (const path of [
      "/api/auth/two-factor/enable",
      "/api/auth/two-factor/get-totp-uri",
      "/api/auth/two-factor/generate-backup-codes",
      "/api/auth/two-factor/view-backup-codes",
    ])
      expect((await user.client.request("POST", path, { password: user.password })).status).toBe(
        404,
      );
    // with a session, the second-step routes answer 404 and use nothing up
    expect((await verifyRecovery(user.client, user.recoveryCodes[0] ?? "")).status).toBe(404);
    expect((await verifyTotp(user.client, nextTotpCode(user.secret))).status).toBe(404);
    const state = await user.client.json<TwoFactorView>("GET", "/api/two-factor");
    expect(state.body.recoveryCodesLeft).toBe(10);
  });
});
