import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { buildUser, createTestContext, type TestContext } from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Staff = { id: string; name: string; email: string; role: string; createdAt: string };

describe("staff management", () => {
  it("lists the firm's admins and staff, newest first, with e-mails; not its clients", async () => {
    const { admin, adminId, adminEmail } = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, admin, "firm_staff", "Sam Staff");
    await buildInvitedMember(ctx, admin, "regular_user", "Cleo Client");
    const res = await admin.json<{ staff: Staff[] }>("GET", "/api/staff");
    expect(res.body.staff.map((s) => [s.id, s.role, s.email])).toEqual([
      [staff.id, "firm_staff", staff.email],
      [adminId, "firm_admin", adminEmail],
    ]);
  });

  it("an admin changes a role and removes a member (firm_id null, role regular_user)", async () => {
    const { admin } = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, admin, "firm_staff");
    expect(
      (await admin.request("PATCH", `/api/staff/${staff.id}`, { role: "firm_admin" })).status,
    ).toBe(200);
    expect(
      (await staff.client.json<{ user: { role: string } }>("GET", "/api/me")).body.user.role,
    ).toBe("firm_admin");
    expect((await admin.request("DELETE", `/api/staff/${staff.id}`)).status).toBe(200);
    const me = await staff.client.json<{ user: { role: string; firmId: string | null } }>(
      "GET",
      "/api/me",
    );
    expect(me.body.user).toMatchObject({ role: "regular_user", firmId: null });
  });

  it("nobody edits or removes their own row, and a firm always keeps an admin", async () => {
    const { admin, adminId } = await buildFirm(ctx);
    expect(
      (await admin.request("PATCH", `/api/staff/${adminId}`, { role: "firm_staff" })).status,
    ).toBe(400);
    expect((await admin.request("DELETE", `/api/staff/${adminId}`)).status).toBe(400);
    const second = await buildInvitedMember(ctx, admin, "firm_admin");
    expect(
      (await second.client.request("PATCH", `/api/staff/${adminId}`, { role: "firm_staff" }))
        .status,
    ).toBe(200);
    expect((await second.client.request("DELETE", `/api/staff/${adminId}`)).status).toBe(200);
    const third = await buildInvitedMember(ctx, second.client, "firm_staff");
    expect((await second.client.request("DELETE", `/api/staff/${third.id}`)).status).toBe(200);
  });

  it("an admin invites a read-only assistant, lists them and moves them between roles (decision 084)", async () => {
    const { admin, adminId } = await buildFirm(ctx);
    const assistant = await buildInvitedMember(ctx, admin, "firm_assistant", "Ada Assistant");
    const res = await admin.json<{ staff: Staff[] }>("GET", "/api/staff");
    expect(res.body.staff.map((s) => [s.id, s.role])).toEqual([
      [assistant.id, "firm_assistant"],
      [adminId, "firm_admin"],
    ]);
    expect(
      (await admin.request("PATCH", `/api/staff/${assistant.id}`, { role: "firm_staff" })).status,
    ).toBe(200);
    expect(
      (await admin.request("PATCH", `/api/staff/${assistant.id}`, { role: "firm_assistant" }))
        .status,
    ).toBe(200);
    expect(
      (await assistant.client.json<{ user: { role: string } }>("GET", "/api/me")).body.user.role,
    ).toBe("firm_assistant");
    // an admin made an assistant manages no staff any more; nobody changes their own role
    const second = await buildInvitedMember(ctx, admin, "firm_admin");
    expect((await admin.request("DELETE", `/api/staff/${second.id}`)).status).toBe(200);
    const other = await buildInvitedMember(ctx, admin, "firm_admin");
    expect(
      (await other.client.request("PATCH", `/api/staff/${adminId}`, { role: "firm_assistant" }))
        .status,
    ).toBe(200);
    expect(
      (await admin.request("PATCH", `/api/staff/${other.id}`, { role: "firm_assistant" })).status,
    ).toBe(404);
    expect(
      (await other.client.request("PATCH", `/api/staff/${other.id}`, { role: "firm_assistant" }))
        .status,
    ).toBe(400);
  });

  it("staff cannot manage staff; clients and other firms' admins reach nothing (not found)", async () => {
    const a = await buildFirm(ctx);
    const b = await buildFirm(ctx);
    const staffA = await buildInvitedMember(ctx, a.admin, "firm_staff");
    const other = await buildInvitedMember(ctx, a.admin, "firm_staff");
    expect((await staffA.client.get("/api/staff")).status).toBe(404);
    expect(
      (await staffA.client.request("PATCH", `/api/staff/${other.id}`, { role: "firm_admin" }))
        .status,
    ).toBe(404);
    expect((await staffA.client.request("DELETE", `/api/staff/${other.id}`)).status).toBe(404);
    expect(
      (await b.admin.request("PATCH", `/api/staff/${other.id}`, { role: "firm_admin" })).status,
    ).toBe(404);
    expect((await b.admin.request("DELETE", `/api/staff/${a.adminId}`)).status).toBe(404);
    const listB = await b.admin.json<{ staff: Staff[] }>("GET", "/api/staff");
    expect(listB.body.staff.map((s) => s.id)).toEqual([b.adminId]);
    const loner = await buildUser(ctx);
    expect((await loner.client.get("/api/staff")).status).toBe(404);
    expect(
      (await other.client.json<{ user: { role: string } }>("GET", "/api/me")).body.user.role,
    ).toBe("firm_staff");
  });

  it("a client cannot be promoted through the staff routes", async () => {
    const { admin } = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, admin, "regular_user");
    expect(
      (await admin.request("PATCH", `/api/staff/${client.id}`, { role: "firm_admin" })).status,
    ).toBe(404);
    expect(
      (await admin.request("PATCH", `/api/staff/${client.id}`, { role: "regular_user" })).status,
    ).toBe(400);
  });
});
