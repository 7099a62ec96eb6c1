import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MSG } from "../../common/auth.js";
import type { ActivityPage } from "../../common/activity.js";
import { EMAIL_CHANGE_MSG, type PendingEmailChangeView } from "../../common/email-change.js";
import {
  beneficiaries,
  beneficiaryKeys,
  profiles,
  releaseItems,
  releases,
} from "../db/schema/index.js";
import { createOffsetClock } from "../clock.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import { createBeneficiaryKey } from "../../test/factories/beneficiary-keys.js";
import {
  buildOwnerWithKeys,
  ownerDataKey,
  signInAsBrowser,
} from "../../test/factories/owner-keys.js";
import { mailsTo } from "../../test/factories/release.js";
import { expectRetryLater } from "../../test/rate-limit.js";

const clock = createOffsetClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const HOUR_MS = 60 * 60 * 1000;
type Owner = Awaited<ReturnType<typeof buildOwnerWithKeys>>;

const ask = (owner: Owner, newEmail: string, currentPassword = owner.signInSecret) =>
  owner.client.json("POST", "/api/email-change", { newEmail, currentPassword });

const tokenIn = async (to: string, path: "confirm" | "undo") =>
  (await linkFromMail(ctx, to, `/email-change/${path}`)).searchParams.get("token") ?? "";

const confirm = (token: string, client = new TestClient(ctx)) =>
  client.json<{ email?: string; error?: { message: string } }>(
    "POST",
    "/api/email-change/confirm",
    { token },
  );
const undo = (token: string, client = new TestClient(ctx)) =>
  client.json<{ email?: string; error?: { message: string } }>("POST", "/api/email-change/undo", {
    token,
  });

const emailOf = async (client: TestClient) =>
  (await client.json<{ user: { email: string } }>("GET", "/api/me")).body.user?.email;

/** An owner who asked for `newEmail` and whose link came: its token. */
async function requested(owner: Owner, newEmail = uniqueEmail("new")) {
  expect((await ask(owner, newEmail)).status).toBe(200);
  return { newEmail, token: await tokenIn(newEmail, "confirm") };
}

describe("POST /api/email-change", () => {
  it("refuses a wrong password and mails nothing", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const newEmail = uniqueEmail("new");
    const res = await ask(owner, newEmail, "not-the-secret");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { fields: { currentPassword: AUTH_MSG.currentPasswordWrong } },
    });
    expect(await mailsTo(ctx, newEmail)).toHaveLength(0);
  });

  it("refuses the password as typed from an account whose browser derives the sign-in secret", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    expect((await ask(owner, uniqueEmail("new"), owner.password)).status).toBe(400);
  });

  it("needs a session and refuses the current address", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const anonymous = new TestClient(ctx);
    const res = await anonymous.post("/api/email-change", {
      newEmail: uniqueEmail(),
      currentPassword: owner.signInSecret,
    });
    expect(res.status).toBe(401);
    const same = await ask(owner, owner.email.toUpperCase());
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ error: { message: EMAIL_CHANGE_MSG.sameAddress } });
  });

  it("answers a taken address exactly like a free one, and mails its owner a notice without a link", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const other = await buildUser(ctx);
    const free = uniqueEmail("free");
    const taken = await ask(owner, other.email);
    const untaken = await ask(owner, free);
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ newEmail: other.email });
    expect(untaken.body).toEqual({ newEmail: free });
    const notice = await lastMailTo(ctx, other.email);
    expect(notice.template).toBe("email-change-address-taken");
    expect(notice.text).not.toContain("/email-change/");
    expect(await emailOf(owner.client)).toBe(owner.email);
  });

  it("is limited per account", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    for (let i = 0; i < 5; i++) expect((await ask(owner, uniqueEmail())).status).toBe(200);
    const sixth = await owner.client.request("POST", "/api/email-change", {
      newEmail: uniqueEmail(),
      currentPassword: owner.signInSecret,
    });
    expectRetryLater(sixth);
  });
});

describe("the confirmation link", () => {
  it("changes nothing until opened; then the address changes once, the keys still open, and the old address gets the notice", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const { newEmail, token } = await requested(owner);
    expect(await emailOf(owner.client)).toBe(owner.email);
    expect((await signInAsBrowser(ctx, newEmail, owner.password)).status).not.toBe(200);

    const res = await confirm(token, owner.client);
    expect(res).toEqual({ status: 200, body: { email: newEmail } });
    expect(await emailOf(owner.client)).toBe(newEmail);
    expect((await confirm(token)).status).toBe(404);

    // the KDF salt is the account's own, not the address's: the same password signs in and opens the vault
    const again = await signInAsBrowser(ctx, newEmail, owner.password);
    expect(again.status).toBe(200);
    await expect(ownerDataKey(again.client, owner.password)).resolves.toBeTruthy();
    expect((await signInAsBrowser(ctx, owner.email, owner.password)).status).not.toBe(200);

    const notice = await lastMailTo(ctx, owner.email);
    expect(notice.template).toBe("email-change-notice");
    expect(notice.text).toContain(newEmail);
    expect(await tokenIn(owner.email, "undo")).toMatch(/^[\w-]{40,}$/);
    const timeline = await again.client.json<{ events: { text: string }[] }>(
      "GET",
      "/api/activity",
    );
    const texts = timeline.body.events.map((e) => e.text);
    expect(texts).toContain("Your e-mail address was changed");
    expect(texts).toContain("You asked to change your e-mail address");
    const [profile] = await ctx.services.deps.db
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, owner.id));
    expect(profile?.email).toBe(newEmail); // what the firm's client list shows and searches
  });

  it("clears the failed sign-ins that strangers counted against the new address before it was the account's", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const newEmail = uniqueEmail("new");
    for (let i = 0; i < 7; i++)
      await new TestClient(ctx).post("/api/auth/sign-in/email", {
        email: newEmail,
        password: "a wrong guess",
      });
    const { token } = await requested(owner, newEmail);
    expect((await confirm(token)).status).toBe(200);
    expect((await signInAsBrowser(ctx, newEmail, owner.password)).status).toBe(200);
  });

  it("works without a session", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const { newEmail, token } = await requested(owner);
    expect(await confirm(token)).toEqual({ status: 200, body: { email: newEmail } });
  });

  it("is refused after an hour", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const { token } = await requested(owner);
    clock.advance(HOUR_MS + 1000);
    const res = await confirm(token, owner.client);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { message: EMAIL_CHANGE_MSG.linkInvalid } });
    expect(await emailOf(owner.client)).toBe(owner.email);
  });

  it("stops working when a newer request is made", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const first = await requested(owner);
    const second = await requested(owner);
    expect((await confirm(first.token)).status).toBe(404);
    expect((await confirm(second.token)).status).toBe(200);
  });

  it("changes nobody else's account: another signed-in user is refused, and the link still works for its owner", async () => {
    const alice = await buildOwnerWithKeys(ctx);
    const bob = await buildOwnerWithKeys(ctx);
    const { newEmail, token } = await requested(alice);
    expect((await confirm(token, bob.client)).status).toBe(404);
    expect(await emailOf(bob.client)).toBe(bob.email);
    expect(await emailOf(alice.client)).toBe(alice.email);
    expect((await confirm(token)).body).toEqual({ email: newEmail });
    expect(await emailOf(bob.client)).toBe(bob.email);
  });

  it("is refused when an account took the address meanwhile", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const { newEmail, token } = await requested(owner);
    await buildUser(ctx, { email: newEmail });
    const res = await confirm(token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: EMAIL_CHANGE_MSG.addressTaken } });
    expect(await emailOf(owner.client)).toBe(owner.email);
  });
});

describe("the undo link", () => {
  async function changed() {
    const owner = await buildOwnerWithKeys(ctx);
    const { newEmail, token } = await requested(owner);
    expect((await confirm(token)).status).toBe(200);
    return { owner, newEmail, undoToken: await tokenIn(owner.email, "undo") };
  }

  it("gives the old address back within 72 hours and signs every session out", async () => {
    const { owner, newEmail, undoToken } = await changed();
    const phone = await signInAsBrowser(ctx, newEmail, owner.password);
    clock.advance(71 * HOUR_MS);
    expect(await undo(undoToken)).toEqual({ status: 200, body: { email: owner.email } });
    expect((await owner.client.get("/api/me")).status).toBe(401);
    expect((await phone.client.get("/api/me")).status).toBe(401);
    expect((await signInAsBrowser(ctx, owner.email, owner.password)).status).toBe(200);
    expect((await signInAsBrowser(ctx, newEmail, owner.password)).status).not.toBe(200);
    expect((await undo(undoToken)).status).toBe(404);
  });

  it("is refused after 72 hours", async () => {
    const { owner, newEmail, undoToken } = await changed();
    clock.advance(72 * HOUR_MS + 1000);
    const res = await undo(undoToken);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { message: EMAIL_CHANGE_MSG.linkInvalid } });
    expect((await signInAsBrowser(ctx, newEmail, owner.password)).status).toBe(200);
  });

  it("still works after a second change, and ends the second one's undo link", async () => {
    const { owner, undoToken } = await changed();
    const signedIn = await signInAsBrowser(ctx, (await lastEmail(owner)).email, owner.password);
    const secret = owner.signInSecret;
    const third = uniqueEmail("third");
    const res = await signedIn.client.json("POST", "/api/email-change", {
      newEmail: third,
      currentPassword: secret,
    });
    expect(res.status).toBe(200);
    const middle = (await lastEmail(owner)).email;
    expect((await confirm(await tokenIn(third, "confirm"))).status).toBe(200);
    const secondUndo = await tokenIn(middle, "undo");
    expect((await undo(undoToken)).body).toEqual({ email: owner.email });
    expect((await undo(secondUndo)).status).toBe(404);
    expect((await signInAsBrowser(ctx, owner.email, owner.password)).status).toBe(200);
  });

  it("takes the address back from a sign-up that never confirmed it, and not from a confirmed account", async () => {
    const first = await changed();
    const squatter = new TestClient(ctx);
    expect(
      (
        await squatter.post("/api/register", {
          name: "Squatter",
          email: first.owner.email,
          password: "Another-Password-77",
        })
      ).status,
    ).toBe(200);
    expect((await undo(first.undoToken)).body).toEqual({ email: first.owner.email });

    const second = await changed();
    await buildUser(ctx, { email: second.owner.email });
    const res = await undo(second.undoToken);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { message: EMAIL_CHANGE_MSG.oldAddressTaken } });
  });
});

/** The account's address as the server has it now (after a change made in another test step). */
async function lastEmail(owner: Owner) {
  const [row] = await ctx.services.deps.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, owner.id));
  if (!row) throw new Error("no profile");
  return row;
}

describe("what names the person by address", () => {
  it("follows the change and the undo: other owners' beneficiaries, items, beneficiary keys and releases", async () => {
    const heir = await buildOwnerWithKeys(ctx);
    const other = await buildUser(ctx);
    const dk = await dataKeyOf(other.client);
    const created = await other.client.json<{ beneficiary: { id: string } }>(
      "POST",
      "/api/beneficiaries",
      { name: "Heir", email: heir.email.toUpperCase() },
    );
    expect(created.status).toBe(201);
    const item = await buildAsset(other.client, { dataKey: dk, beneficiaryEmails: [heir.email] });
    await createBeneficiaryKey(other.client, dk, { email: heir.email, items: [item] });
    const db = ctx.services.deps.db;
    const [release] = await db
      .insert(releases)
      .values({
        userId: other.id,
        trigger: "inactivity",
        status: "released",
        startedAt: clock.now(),
        releaseAt: clock.now(),
        releasedAt: clock.now(),
      })
      .returning();
    await db.insert(releaseItems).values({
      releaseId: release!.id,
      assetId: item.id,
      beneficiaryEmail: heir.email,
      accessEndsAt: new Date(clock.now().getTime() + 30 * 24 * HOUR_MS),
    });

    const addressesNow = async () => ({
      beneficiary: (
        await db
          .select({ email: beneficiaries.email })
          .from(beneficiaries)
          .where(eq(beneficiaries.userId, other.id))
      ).map((r) => r.email),
      key: (
        await db
          .select({ email: beneficiaryKeys.email })
          .from(beneficiaryKeys)
          .where(eq(beneficiaryKeys.userId, other.id))
      ).map((r) => r.email),
      released: (
        await db
          .select({ email: releaseItems.beneficiaryEmail })
          .from(releaseItems)
          .where(eq(releaseItems.releaseId, release!.id))
      ).map((r) => r.email),
      item: (
        await other.client.json<{ asset: { beneficiaryEmails: string[] } }>(
          "GET",
          `/api/assets/${item.id}`,
        )
      ).body.asset.beneficiaryEmails,
    });
    const all = (email: string) => ({
      beneficiary: [email],
      key: [email],
      released: [email],
      item: [email],
    });

    const { newEmail, token } = await requested(heir);
    expect((await confirm(token)).status).toBe(200);
    expect(await addressesNow()).toEqual(all(newEmail));
    // the heir, signed in with the new address, still sees what was released to them
    const signedIn = await signInAsBrowser(ctx, newEmail, heir.password);
    const items = await signedIn.client.json<{ items: { id: string }[] }>(
      "GET",
      "/api/legacy/items",
    );
    expect(items.body.items.map((i) => i.id)).toEqual([item.id]);

    expect((await undo(await tokenIn(heir.email, "undo"))).status).toBe(200);
    expect(await addressesNow()).toEqual(all(heir.email));
  });
});

describe("GET and DELETE /api/email-change (the change waiting for its link)", () => {
  type Pending = PendingEmailChangeView & { error?: { message: string } };
  const pendingOf = (client: TestClient) => client.json<Pending>("GET", "/api/email-change");

  it("shows the waiting change after a reload, the same for a taken address as for a free one", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    expect((await pendingOf(owner.client)).body).toEqual({ pending: null });
    const { newEmail } = await requested(owner);
    const shown = await pendingOf(owner.client);
    expect(shown.status).toBe(200);
    expect(shown.body.pending).toMatchObject({ newEmail });
    const expiresAt = Date.parse(shown.body.pending?.expiresAt ?? "");
    expect(expiresAt - clock.now().getTime()).toBeGreaterThan(HOUR_MS - 60_000);
    expect(expiresAt - clock.now().getTime()).toBeLessThanOrEqual(HOUR_MS);

    const other = await buildUser(ctx);
    expect((await ask(owner, other.email)).status).toBe(200);
    const taken = await pendingOf(owner.client);
    expect(Object.keys(taken.body.pending ?? {}).sort()).toEqual(
      Object.keys(shown.body.pending ?? {}).sort(),
    );
    expect(taken.body.pending?.newEmail).toBe(other.email);
  });

  it("cancelled, the link no longer works, nothing waits, and the owner's timeline says so", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const { token } = await requested(owner);
    const cancelled = await owner.client.json<Pending>("DELETE", "/api/email-change");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ pending: null });
    expect((await pendingOf(owner.client)).body).toEqual({ pending: null });
    expect((await confirm(token)).status).toBe(404);
    expect(await emailOf(owner.client)).toBe(owner.email);
    const again = await owner.client.json<Pending>("DELETE", "/api/email-change");
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(EMAIL_CHANGE_MSG.nothingToCancel);
    const timeline = await owner.client.json<ActivityPage>("GET", "/api/activity?type=sign_in");
    expect(timeline.body.events.map((e) => e.text).slice(0, 2)).toEqual([
      "You cancelled the change of your e-mail address",
      "You asked to change your e-mail address",
    ]);
  });

  it("a link that expired is no longer shown as waiting", async () => {
    const local = createOffsetClock();
    const other = await createTestContext({}, { clock: local });
    try {
      const owner = await buildOwnerWithKeys(other);
      await owner.client.json("POST", "/api/email-change", {
        newEmail: uniqueEmail("late"),
        currentPassword: owner.signInSecret,
      });
      expect((await pendingOf(owner.client)).body.pending).not.toBeNull();
      local.advance(HOUR_MS + 1000);
      expect((await pendingOf(owner.client)).body).toEqual({ pending: null });
    } finally {
      await other.close();
    }
  });

  it("someone else neither sees nor cancels it; without a session both answer 401", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    const { token } = await requested(owner);
    const stranger = await buildUser(ctx);
    expect((await pendingOf(stranger.client)).body).toEqual({ pending: null });
    expect((await stranger.client.json("DELETE", "/api/email-change")).status).toBe(409);
    const anonymous = new TestClient(ctx);
    expect((await anonymous.json("GET", "/api/email-change")).status).toBe(401);
    expect((await anonymous.json("DELETE", "/api/email-change")).status).toBe(401);
    expect((await pendingOf(owner.client)).body.pending).not.toBeNull();
    expect((await confirm(token)).status).toBe(200);
    // confirmed, it no longer waits
    expect((await pendingOf(owner.client)).body).toEqual({ pending: null });
  });
});
