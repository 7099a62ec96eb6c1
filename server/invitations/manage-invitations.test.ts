import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_MSG, type PendingInvitationView } from "../../common/invitations.js";
import { PER_USER_LIMITS } from "../rate-limit/rules.js";
import { auditLog, invitations } from "../db/schema/index.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { expectRetryLater } from "../../test/rate-limit.js";

/** Issue 10, finding 11: a firm's admins list, resend and revoke its pending invitations. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Admin = Awaited<ReturnType<typeof buildFirm>>["admin"];
const WITHDRAWN = `${INVITATION_MSG.withdrawnTitle} ${INVITATION_MSG.withdrawnText}`;

async function invite(
  admin: Admin,
  role: "firm_staff" | "firm_admin" | "regular_user" = "firm_staff",
) {
  const email = uniqueEmail("invitee");
  const sent = await admin.request("POST", "/api/invitations", { email, role });
  if (sent.status !== 200) throw new Error(`invite failed: ${sent.status}`);
  const link = await linkFromMail(ctx, email, "/register");
  const [row] = await ctx.services.deps.db
    .select({ id: invitations.id })
    .from(invitations)
    .where(eq(invitations.email, email));
  return { email, code: link.searchParams.get("code") ?? "", id: row?.id ?? "" };
}

const listPending = (client: TestClient) =>
  client.json<{ invitations: PendingInvitationView[] }>("GET", "/api/invitations");
const check = (email: string, code: string) =>
  new TestClient(ctx).json(
    "GET",
    `/api/invitations/check?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`,
  );
const register = (email: string, code: string) =>
  new TestClient(ctx).json<{ error?: { message: string } }>("POST", "/api/register", {
    name: "Invited Person",
    email,
    password: GOOD_PASSWORD,
    invitationCode: code,
  });
const auditOf = (action: string, id: string) =>
  ctx.services.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, id)));

describe("pending invitations", () => {
  it("an admin lists only the firm's pending invitations (not accepted, revoked or expired; no other firm's), newest first", async () => {
    const a = await buildFirm(ctx);
    const b = await buildFirm(ctx);
    const older = await invite(a.admin, "firm_admin");
    const pending = await invite(a.admin, "regular_user");
    const accepted = await buildInvitedMember(ctx, a.admin, "firm_staff");
    const revoked = await invite(a.admin);
    expect((await a.admin.request("POST", `/api/invitations/${revoked.id}/revoke`)).status).toBe(
      200,
    );
    const expired = await invite(a.admin);
    await ctx.services.deps.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, expired.id));
    const otherFirms = await invite(b.admin);

    const list = await listPending(a.admin);
    expect(list.status).toBe(200);
    expect(list.body.invitations.map((i) => i.email)).toEqual([pending.email, older.email]);
    const [first] = list.body.invitations;
    expect(Object.keys(first ?? {}).sort()).toEqual(["email", "expiresAt", "id", "role", "sentAt"]);
    expect(first).toMatchObject({ id: pending.id, role: "regular_user" });
    const days =
      (Date.parse(first?.expiresAt ?? "") - Date.parse(first?.sentAt ?? "")) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    const text = JSON.stringify(list.body);
    for (const gone of [accepted.email, revoked.email, expired.email, otherFirms.email])
      expect(text).not.toContain(gone);
    expect(text).not.toMatch(/token|hash|note/i);
    expect((await listPending(b.admin)).body.invitations.map((i) => i.email)).toEqual([
      otherFirms.email,
    ]);
  });

  it("resend e-mails a new link and extends the invitation to 7 days from now; the earlier link keeps working; it is audited", async () => {
    const { admin, adminId, firmName } = await buildFirm(ctx);
    const inv = await invite(admin);
    await ctx.services.deps.db
      .update(invitations)
      .set({
        sentAt: new Date(Date.now() - 3 * 86_400_000),
        expiresAt: new Date(Date.now() + 4 * 86_400_000),
      })
      .where(eq(invitations.id, inv.id));

    const resent = await admin.json<{ invitation: PendingInvitationView }>(
      "POST",
      `/api/invitations/${inv.id}/resend`,
    );
    expect(resent.status).toBe(200);
    expect(resent.body.invitation).toMatchObject({
      id: inv.id,
      email: inv.email,
      role: "firm_staff",
    });
    expect(Date.now() - Date.parse(resent.body.invitation.sentAt)).toBeLessThan(60_000);
    expect(
      (Date.parse(resent.body.invitation.expiresAt) - Date.now()) / 86_400_000,
    ).toBeGreaterThan(6.99);

    const fresh = await linkFromMail(ctx, inv.email, "/register");
    const code = fresh.searchParams.get("code") ?? "";
    expect(code).not.toBe(inv.code);
    const valid = { valid: true, firmName, role: "firm_staff" };
    expect((await check(inv.email, code)).body).toEqual(valid);
    // Spec 01 §4: the earlier link keeps working, until the extended expiry.
    expect((await check(inv.email, inv.code)).body).toEqual(valid);
    const [audit] = await auditOf("invitation.resent", inv.id);
    expect(audit).toMatchObject({ actorId: adminId, subjectType: "invitation" });
    expect(JSON.stringify(audit)).not.toContain(code);
    // Either link accepts it, once: after registering through the earlier one, the new one is used.
    expect((await register(inv.email, inv.code)).status).toBe(200);
    expect((await check(inv.email, code)).body).toEqual({ valid: false });
    expect((await register(inv.email, code)).status).toBe(400);
  });

  it("the earlier links of a pending invitation expire with it, and die with a revoke; an expired invitation sent again does not bring them back", async () => {
    const { admin } = await buildFirm(ctx);
    const inv = await invite(admin);
    expect((await admin.request("POST", `/api/invitations/${inv.id}/resend`)).status).toBe(200);
    const second = (await linkFromMail(ctx, inv.email, "/register")).searchParams.get("code") ?? "";
    expect((await check(inv.email, inv.code)).body).toMatchObject({ valid: true });
    // Past its expiry, every link is refused.
    const db = ctx.services.deps.db;
    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, inv.id));
    expect((await check(inv.email, inv.code)).body).toEqual({ valid: false });
    expect((await register(inv.email, inv.code)).status).toBe(400);
    // Sent again once expired: only the newest link works.
    expect((await admin.request("POST", `/api/invitations/${inv.id}/resend`)).status).toBe(200);
    const third = (await linkFromMail(ctx, inv.email, "/register")).searchParams.get("code") ?? "";
    expect((await check(inv.email, third)).body).toMatchObject({ valid: true });
    expect((await check(inv.email, inv.code)).body).toEqual({ valid: false });
    expect((await check(inv.email, second)).body).toEqual({ valid: false });
    // Pending again and re-invited through the form: the third link keeps working; a revoke ends both.
    expect(
      (await admin.request("POST", "/api/invitations", { email: inv.email, role: "firm_staff" }))
        .status,
    ).toBe(200);
    const fourth = (await linkFromMail(ctx, inv.email, "/register")).searchParams.get("code") ?? "";
    expect((await check(inv.email, third)).body).toMatchObject({ valid: true });
    expect((await check(inv.email, fourth)).body).toMatchObject({ valid: true });
    expect((await admin.request("POST", `/api/invitations/${inv.id}/revoke`)).status).toBe(200);
    for (const c of [third, fourth]) {
      expect((await check(inv.email, c)).body).toEqual({ valid: false, reason: "revoked" });
      expect((await register(inv.email, c)).status).toBe(400);
    }
  });

  it("revoke: the link then says it was withdrawn, at the check and at registration; audited; inviting again gives a working link", async () => {
    const { admin, adminId } = await buildFirm(ctx);
    const inv = await invite(admin);
    const revoked = await admin.request("POST", `/api/invitations/${inv.id}/revoke`);
    expect(revoked.status).toBe(200);

    expect((await check(inv.email, inv.code)).body).toEqual({ valid: false, reason: "revoked" });
    const refused = await register(inv.email, inv.code);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(WITHDRAWN);
    // Only the holder of the link learns that: another address with the same code gets the usual answer.
    expect((await check(uniqueEmail(), inv.code)).body).toEqual({ valid: false });
    expect((await listPending(admin)).body.invitations).toEqual([]);
    expect(await auditOf("invitation.revoked", inv.id)).toEqual([
      expect.objectContaining({ actorId: adminId, subjectType: "invitation" }),
    ]);

    // Gone from the list, so neither resent nor revoked again.
    const again = await admin.json<{ error: { message: string } }>(
      "POST",
      `/api/invitations/${inv.id}/resend`,
    );
    expect(again).toMatchObject({
      status: 409,
      body: { error: { message: INVITATION_MSG.notPending } },
    });
    expect((await admin.request("POST", `/api/invitations/${inv.id}/revoke`)).status).toBe(409);

    expect(
      (await admin.request("POST", "/api/invitations", { email: inv.email, role: "firm_staff" }))
        .status,
    ).toBe(200);
    const fresh = await linkFromMail(ctx, inv.email, "/register");
    expect((await register(inv.email, fresh.searchParams.get("code") ?? "")).status).toBe(200);
  });

  it("an accepted invitation can be neither resent nor revoked", async () => {
    const { admin } = await buildFirm(ctx);
    const member = await buildInvitedMember(ctx, admin, "firm_staff");
    const [row] = await ctx.services.deps.db
      .select({ id: invitations.id })
      .from(invitations)
      .where(eq(invitations.email, member.email));
    expect((await admin.request("POST", `/api/invitations/${row?.id}/resend`)).status).toBe(409);
    expect((await admin.request("POST", `/api/invitations/${row?.id}/revoke`)).status).toBe(409);
  });

  it("someone else cannot: staff, another firm's admin, a client and a loner get 404, anonymous 401; nothing changes", async () => {
    const a = await buildFirm(ctx);
    const b = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, a.admin, "firm_staff");
    const client = await buildInvitedMember(ctx, a.admin, "regular_user");
    const loner = await buildUser(ctx);
    const inv = await invite(a.admin);
    const strangers = [staff.client, b.admin, client.client, loner.client];

    for (const stranger of strangers) {
      const list = await stranger.json("GET", "/api/invitations");
      if (stranger === b.admin) {
        expect(list.status).toBe(200);
        expect(JSON.stringify(list.body)).not.toContain(inv.email);
      } else
        expect(list).toEqual({
          status: 404,
          body: {
            error: { code: "NOT_FOUND", message: "Not found", requestId: expect.any(String) },
          },
        });
      for (const id of [inv.id, randomUUID(), "not-a-uuid"]) {
        for (const verb of ["resend", "revoke"]) {
          const res = await stranger.json("POST", `/api/invitations/${id}/${verb}`);
          expect(res).toEqual({
            status: 404,
            body: {
              error: { code: "NOT_FOUND", message: "Not found", requestId: expect.any(String) },
            },
          });
        }
      }
    }
    const anonymous = new TestClient(ctx);
    expect((await anonymous.request("GET", "/api/invitations")).status).toBe(401);
    expect((await anonymous.request("POST", `/api/invitations/${inv.id}/resend`)).status).toBe(401);
    expect((await anonymous.request("POST", `/api/invitations/${inv.id}/revoke`)).status).toBe(401);

    expect((await check(inv.email, inv.code)).body).toMatchObject({ valid: true });
    expect((await listPending(a.admin)).body.invitations.map((i) => i.id)).toEqual([inv.id]);
  });

  it("resend is rate limited per admin, with Retry-After", async () => {
    const { admin } = await buildFirm(ctx);
    const inv = await invite(admin);
    const { max } = PER_USER_LIMITS.invitationResend;
    for (let i = 0; i < max; i++)
      expect((await admin.request("POST", `/api/invitations/${inv.id}/resend`)).status).toBe(200);
    const limited = await admin.request("POST", `/api/invitations/${inv.id}/resend`);
    expectRetryLater(limited);
    // Another admin of another firm is counted on their own.
    const other = await buildFirm(ctx);
    const theirs = await invite(other.admin);
    expect((await other.admin.request("POST", `/api/invitations/${theirs.id}/resend`)).status).toBe(
      200,
    );
  });

  it("inviting an address again through POST /api/invitations counts against the same per-admin limit as resend, with Retry-After; a first invitation does not", async () => {
    const { admin } = await buildFirm(ctx);
    const inv = await invite(admin);
    const { max } = PER_USER_LIMITS.invitationResend;
    const half = Math.floor(max / 2);
    for (let i = 0; i < half; i++)
      expect((await admin.request("POST", `/api/invitations/${inv.id}/resend`)).status).toBe(200);
    for (let i = half; i < max; i++) {
      expect(
        (await admin.request("POST", "/api/invitations", { email: inv.email, role: "firm_staff" }))
          .status,
        `re-invite ${i}`,
      ).toBe(200);
    }
    const reinvite = await admin.request("POST", "/api/invitations", {
      email: inv.email,
      role: "firm_staff",
    });
    expectRetryLater(reinvite);
    expect((await admin.request("POST", `/api/invitations/${inv.id}/resend`)).status).toBe(429);
    // A revoked invitation is no way round it.
    const latest = (await linkFromMail(ctx, inv.email, "/register")).searchParams.get("code") ?? "";
    expect((await admin.request("POST", `/api/invitations/${inv.id}/revoke`)).status).toBe(200);
    expect(
      (await admin.request("POST", "/api/invitations", { email: inv.email, role: "firm_staff" }))
        .status,
    ).toBe(429);
    expect((await check(inv.email, latest)).body).toEqual({ valid: false, reason: "revoked" });
    // A first invitation to another address is not a resend.
    expect(
      (
        await admin.request("POST", "/api/invitations", {
          email: uniqueEmail("new"),
          role: "firm_staff",
        })
      ).status,
    ).toBe(200);
  });

  it("someone who may not invite learns nothing from the re-invite limit: a client always gets 404, invited address or not", async () => {
    const { admin } = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, admin, "regular_user");
    const inv = await invite(admin, "regular_user");
    const { max } = PER_USER_LIMITS.invitationResend;
    for (let i = 0; i <= max; i++) {
      expect(
        (
          await client.client.request("POST", "/api/invitations", {
            email: inv.email,
            role: "regular_user",
          })
        ).status,
        `try ${i}`,
      ).toBe(404);
    }
  });

  it("staff cannot lift an admin's revocation by inviting the address again: 409 with a clear message, no mail, the link stays withdrawn; an admin can", async () => {
    const { admin } = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, admin, "firm_staff");
    const email = uniqueEmail("client");
    expect(
      (await staff.client.request("POST", "/api/invitations", { email, role: "regular_user" }))
        .status,
    ).toBe(200);
    const code = (await linkFromMail(ctx, email, "/register")).searchParams.get("code") ?? "";
    const [row] = await ctx.services.deps.db
      .select({ id: invitations.id })
      .from(invitations)
      .where(eq(invitations.email, email));
    // Staff may still send a pending invitation again.
    expect(
      (await staff.client.request("POST", "/api/invitations", { email, role: "regular_user" }))
        .status,
    ).toBe(200);
    const pendingCode =
      (await linkFromMail(ctx, email, "/register")).searchParams.get("code") ?? "";
    expect(pendingCode).not.toBe(code);
    expect((await admin.request("POST", `/api/invitations/${row?.id}/revoke`)).status).toBe(200);
    const mailsBefore = (await lastMailTo(ctx, email)).id;

    const refused = await staff.client.json<{ error: { code: string; message: string } }>(
      "POST",
      "/api/invitations",
      { email, role: "regular_user" },
    );
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { code: "CONFLICT", message: INVITATION_MSG.adminMustReinvite } },
    });
    expect(JSON.stringify(refused.body)).not.toMatch(/revok|withdr/i);
    expect((await lastMailTo(ctx, email)).id).toBe(mailsBefore);
    expect((await check(email, pendingCode)).body).toEqual({ valid: false, reason: "revoked" });
    const [after] = await ctx.services.deps.db
      .select({ revokedAt: invitations.revokedAt })
      .from(invitations)
      .where(eq(invitations.email, email));
    expect(after?.revokedAt).not.toBeNull();

    expect(
      (await admin.request("POST", "/api/invitations", { email, role: "regular_user" })).status,
    ).toBe(200);
    const fresh = (await linkFromMail(ctx, email, "/register")).searchParams.get("code") ?? "";
    expect((await check(email, fresh)).body).toMatchObject({ valid: true });
  });
});
