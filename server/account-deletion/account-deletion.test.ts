import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_DELETION_MSG,
  type AccountDeletionView,
} from "../../common/account-deletion.js";
import type { ActivityPage } from "../../common/activity.js";
import { AUTH_MSG } from "../../common/auth.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildOwnerWithKeys, signInAsBrowser } from "../../test/factories/owner-keys.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { mailsTo } from "../../test/factories/release.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  linkFromMail,
  type TestContext,
} from "../../test/harness.js";
import { accountDeletions } from "../db/schema/index.js";
import { createOffsetClock } from "../clock.js";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const DAY_MS = 24 * 3_600_000;

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const request = (client: TestClient, body: { confirmation: string; currentPassword: string }) =>
  client.json<AccountDeletionView & ErrorBody>("POST", "/api/account-deletion", body);
const cancelToken = async (to: string) =>
  (await linkFromMail(ctx, to, "/account-deletion/cancel")).searchParams.get("token") ?? "";
const pendingOf = async (userId: string) =>
  ctx.services.deps.db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId));

describe("requesting the deletion of one's account", () => {
  it("needs the typed address and the password; starts a 7-day grace period and mails the cancel link", async () => {
    const user = await buildUser(ctx);
    const wrongAddress = await request(user.client, {
      confirmation: "someone-else@example.com",
      currentPassword: user.password,
    });
    expect(wrongAddress.status).toBe(400);
    expect(wrongAddress.body.error.fields?.confirmation).toBe(
      ACCOUNT_DELETION_MSG.confirmationMismatch,
    );
    const wrongPassword = await request(user.client, {
      confirmation: user.email,
      currentPassword: "Not-The-Password-1",
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.message).toBe(AUTH_MSG.currentPasswordWrong);
    expect(await pendingOf(user.id)).toEqual([]);
    expect((await mailsTo(ctx, user.email)).map((m) => m.template)).not.toContain(
      "account-deletion-scheduled",
    );

    const before = clock.now().getTime();
    const ok = await request(user.client, {
      confirmation: `  ${user.email.toUpperCase()} `,
      currentPassword: user.password,
    });
    expect(ok.status).toBe(200);
    const eraseAt = Date.parse(ok.body.pending?.eraseAt ?? "");
    const requestedAt = Date.parse(ok.body.pending?.requestedAt ?? "");
    expect(requestedAt).toBeGreaterThanOrEqual(before);
    expect(eraseAt - requestedAt).toBe(ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
    const mail = (await mailsTo(ctx, user.email)).at(-1);
    expect(mail?.template).toBe("account-deletion-scheduled");
    expect(mail?.expiresAt?.getTime()).toBe(eraseAt);
    expect((await cancelToken(user.email)).length).toBeGreaterThan(20);
    // only its hash is stored
    expect(JSON.stringify(await pendingOf(user.id))).not.toContain(await cancelToken(user.email));

    const again = await request(user.client, {
      confirmation: user.email,
      currentPassword: user.password,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ACCOUNT_DELETION_MSG.alreadyPending);

    // signing in during the grace period works and shows it
    const signedIn = await signInAsBrowser(ctx, user.email, user.password);
    expect(signedIn.status).toBe(200);
    const seen = await signedIn.client.json<AccountDeletionView>("GET", "/api/account-deletion");
    expect(seen.body.pending?.eraseAt).toBe(ok.body.pending?.eraseAt);
  });

  it("an account with owner-held keys confirms with the sign-in secret derived from the password, as its browser sends it", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const asIs = await request(owner.client, {
      confirmation: owner.email,
      currentPassword: owner.password,
    });
    expect(asIs.status).toBe(400);
    expect(asIs.body.error.message).toBe(AUTH_MSG.currentPasswordWrong);
    const derived = await request(owner.client, {
      confirmation: owner.email,
      currentPassword: owner.signInSecret,
    });
    expect(derived.status).toBe(200);
    expect(derived.body.pending).not.toBeNull();
  });

  it("requests are limited per account (5 an hour, each may send a mail): then 429, even with the right password", async () => {
    const user = await buildUser(ctx);
    const wrong = { confirmation: user.email, currentPassword: "Not-The-Password-1" };
    for (let i = 0; i < 5; i++) expect((await request(user.client, wrong)).status).toBe(400);
    const limited = await request(user.client, {
      confirmation: user.email,
      currentPassword: user.password,
    });
    expect(limited.status).toBe(429);
    expect(await pendingOf(user.id)).toEqual([]);
  });

  it("needs a session; bad bodies answer 400", async () => {
    const anyone = new TestClient(ctx);
    expect((await anyone.json("GET", "/api/account-deletion")).status).toBe(401);
    expect(
      (
        await anyone.json("POST", "/api/account-deletion", {
          confirmation: "a",
          currentPassword: "b",
        })
      ).status,
    ).toBe(401);
    expect((await anyone.json("DELETE", "/api/account-deletion")).status).toBe(401);
    const user = await buildUser(ctx);
    for (const body of [
      {},
      { confirmation: user.email },
      { confirmation: "", currentPassword: "x" },
    ])
      expect((await user.client.json("POST", "/api/account-deletion", body)).status).toBe(400);
    expect(
      (
        await user.client.json("POST", "/api/account-deletion", {
          confirmation: user.email,
          currentPassword: user.password,
          userId: "someone",
        })
      ).status,
    ).toBe(400);
  });
});

describe("better-auth's own /delete-user", () => {
  it("stays disabled: the account is untouched", async () => {
    const user = await buildUser(ctx);
    const res = await user.client.json("POST", "/api/auth/delete-user", {
      password: user.password,
    });
    expect(res.status).toBe(404);
    expect((await user.client.get("/api/me")).status).toBe(200);
    expect(await pendingOf(user.id)).toEqual([]);
  });
});

describe("the last administrator of a firm", () => {
  it("cannot start the deletion until another administrator stays; then can", async () => {
    const firm = await buildFirm(ctx);
    const asAdmin = { confirmation: firm.adminEmail, currentPassword: "Tangerine-Harbour-42" };
    const refused = await request(firm.admin, asAdmin);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(ACCOUNT_DELETION_MSG.lastAdmin);
    expect(await pendingOf(firm.adminId)).toEqual([]);

    // staff are no administrators
    await buildInvitedMember(ctx, firm.admin, "firm_staff");
    expect((await request(firm.admin, asAdmin)).status).toBe(409);

    const second = await buildInvitedMember(ctx, firm.admin, "firm_admin", "Second Admin");
    expect((await request(firm.admin, asAdmin)).status).toBe(200);
    // the second admin is now the only one staying
    const secondRefused = await request(second.client, {
      confirmation: second.email,
      currentPassword: "Tangerine-Harbour-42",
    });
    expect(secondRefused.status).toBe(409);
    expect(secondRefused.body.error.message).toBe(ACCOUNT_DELETION_MSG.lastAdmin);
  });
});

describe("cancelling", () => {
  it("the e-mailed link cancels without a session, once; the profile shows nothing pending", async () => {
    const user = await buildUser(ctx);
    await request(user.client, { confirmation: user.email, currentPassword: user.password });
    const token = await cancelToken(user.email);
    const anyone = new TestClient(ctx);
    const first = await anyone.json("POST", "/api/account-deletion/cancel-link", { token });
    expect(first.status).toBe(200);
    expect(await pendingOf(user.id)).toEqual([]);
    const second = await anyone.json<ErrorBody>("POST", "/api/account-deletion/cancel-link", {
      token,
    });
    expect(second.status).toBe(404);
    expect(second.body.error.message).toBe(ACCOUNT_DELETION_MSG.linkInvalid);
    const view = await user.client.json<AccountDeletionView>("GET", "/api/account-deletion");
    expect(view.body).toEqual({ pending: null });

    // a new request mails a new link; the old one stays dead
    await request(user.client, { confirmation: user.email, currentPassword: user.password });
    expect((await anyone.json("POST", "/api/account-deletion/cancel-link", { token })).status).toBe(
      404,
    );
    expect(await pendingOf(user.id)).toHaveLength(1);
  });

  it("a made-up or malformed token cancels nothing", async () => {
    const user = await buildUser(ctx);
    await request(user.client, { confirmation: user.email, currentPassword: user.password });
    const anyone = new TestClient(ctx);
    for (const token of ["x".repeat(43), (await cancelToken(user.email)).slice(0, -2) + "AA"])
      expect(
        (await anyone.json("POST", "/api/account-deletion/cancel-link", { token })).status,
      ).toBe(404);
    for (const body of [{}, { token: "short" }, { token: 5 }])
      expect((await anyone.json("POST", "/api/account-deletion/cancel-link", body)).status).toBe(
        400,
      );
    expect(await pendingOf(user.id)).toHaveLength(1);
  });

  it("the link stops working once the grace period is over", async () => {
    const local = createOffsetClock();
    const other = await createTestContext({}, { clock: local });
    try {
      const user = await buildUser(other);
      await request(user.client, { confirmation: user.email, currentPassword: user.password });
      const token = (
        await linkFromMail(other, user.email, "/account-deletion/cancel")
      ).searchParams.get("token");
      local.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY_MS + 1000);
      const late = await new TestClient(other).json("POST", "/api/account-deletion/cancel-link", {
        token,
      });
      expect(late.status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it("signed in, the person cancels their own; nobody else sees or cancels it", async () => {
    const user = await buildUser(ctx);
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user");
    await request(client.client, {
      confirmation: client.email,
      currentPassword: "Tangerine-Harbour-42",
    });
    const pending = await pendingOf(client.id);
    expect(pending).toHaveLength(1);

    // another person, the client's firm admin: they see their own (nothing), cancel nothing of the client's
    for (const who of [user.client, firm.admin]) {
      expect((await who.json<AccountDeletionView>("GET", "/api/account-deletion")).body).toEqual({
        pending: null,
      });
      const cancel = await who.json<ErrorBody>("DELETE", "/api/account-deletion");
      expect(cancel.status).toBe(409);
      expect(cancel.body.error.message).toBe(ACCOUNT_DELETION_MSG.nothingToCancel);
    }
    // no route takes another account's id
    expect((await firm.admin.json("DELETE", `/api/account-deletion/${client.id}`)).status).toBe(
      404,
    );
    expect(await pendingOf(client.id)).toEqual(pending);

    const cancelled = await client.client.json<AccountDeletionView>(
      "DELETE",
      "/api/account-deletion",
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ pending: null });
    expect(await pendingOf(client.id)).toEqual([]);
    // the link mailed for it is dead too
    expect(
      (
        await new TestClient(ctx).json("POST", "/api/account-deletion/cancel-link", {
          token: await cancelToken(client.email),
        })
      ).status,
    ).toBe(404);
  });
});

describe("the owner's activity timeline", () => {
  it("shows a deletion requested and cancelled (from the profile or by the e-mailed link) to the owner only", async () => {
    const user = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await request(user.client, { confirmation: user.email, currentPassword: user.password });
    expect((await user.client.json("DELETE", "/api/account-deletion")).status).toBe(200);
    await request(user.client, { confirmation: user.email, currentPassword: user.password });
    const token = await cancelToken(user.email);
    expect(
      (await new TestClient(ctx).json("POST", "/api/account-deletion/cancel-link", { token }))
        .status,
    ).toBe(200);

    const timeline = await user.client.json<ActivityPage>("GET", "/api/activity?type=sign_in");
    expect(timeline.status).toBe(200);
    const texts = timeline.body.events.map((e) => e.text);
    expect(texts.slice(0, 4)).toEqual([
      "The deletion of your account was cancelled with the e-mailed link",
      "You asked to delete your account",
      "You cancelled the deletion of your account",
      "You asked to delete your account",
    ]);
    expect(timeline.body.events.slice(0, 4).every((e) => e.kind === "sign_in")).toBe(true);
    const theirs = await stranger.client.json<ActivityPage>("GET", "/api/activity");
    expect(theirs.body.events.map((e) => e.text).join("\n")).not.toMatch(/delet/);
  });
});
