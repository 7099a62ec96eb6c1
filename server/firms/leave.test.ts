import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../common/activity.js";
import type { ClientListView } from "../../common/clients.js";
import type { LeftFirmView } from "../../common/firm-membership.js";
import type { Me } from "../../common/profiles.js";
import type { ReleasePlanView } from "../../common/release.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { mailsTo } from "../../test/factories/release.js";
import { TestClient, buildUser, createTestContext, type TestContext } from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A firm with a second admin and a staff member, and a client who joined with the firm's code. */
async function buildFirmAndClient() {
  const firm = await buildFirm(ctx);
  const admin2 = await buildInvitedMember(ctx, firm.admin, "firm_admin", "Bea Admin");
  const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
  const client = await buildUser(ctx, { name: "Carl Client" });
  expect((await client.client.post("/api/firms/join", { code: firm.firmCode })).status).toBe(200);
  return { firm, admin2, staff, client };
}

const listedIds = async (member: TestClient) => {
  const res = await member.json<ClientListView>("GET", "/api/clients?page=1");
  expect(res.status).toBe(200);
  return res.body.clients.map((c) => c.id);
};
const timeline = async (who: TestClient, path: string) =>
  (await who.json<ActivityPage>("GET", path)).body.events.map((e) => e.text);
const leftMails = async (to: string) =>
  (await mailsTo(ctx, to)).filter((m) => m.template === "client-left-firm");

describe("POST /api/firm/leave (decision 047)", () => {
  it("ends the firm's access at once, mails the firm's admins and shows on both timelines", async () => {
    const { firm, admin2, staff, client } = await buildFirmAndClient();
    const clientPaths = ["", "/dashboard", "/firm-details", "/release"].map(
      (p) => `/api/clients/${client.id}${p}`,
    );
    for (const member of [firm.admin, staff.client]) {
      expect(await listedIds(member)).toContain(client.id);
      for (const path of clientPaths) expect((await member.get(path)).status).toBe(200);
    }

    const left = await client.client.json<LeftFirmView>("POST", "/api/firm/leave");
    expect(left).toEqual({ status: 200, body: { firm: { id: firm.firmId, name: firm.firmName } } });

    const me = await client.client.json<{ user: Me }>("GET", "/api/me");
    expect(me.body.user).toMatchObject({ role: "regular_user", firmId: null, firmName: null });
    for (const member of [firm.admin, admin2.client, staff.client]) {
      expect(await listedIds(member)).not.toContain(client.id);
      for (const path of clientPaths) expect((await member.get(path)).status).toBe(404);
      // 'View as Client' ends: its next request is refused like any other
      expect(
        (await member.post(`/api/clients/${client.id}/impersonation`, { active: true })).status,
      ).toBe(404);
    }

    for (const admin of [firm.adminEmail, admin2.email]) {
      const mails = await leftMails(admin);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(`Carl Client left ${firm.firmName}`);
      expect(mails[0]?.text).toContain(`Carl Client (${client.email}) has left ${firm.firmName}`);
    }
    expect(await leftMails(staff.email)).toEqual([]);

    expect((await timeline(client.client, "/api/activity?type=firm"))[0]).toBe(
      `You left ${firm.firmName}`,
    );
    expect((await timeline(firm.admin, "/api/firm/activity?type=members"))[0]).toBe(
      "A client left the firm",
    );

    // a second leave has nothing to leave; joining again takes a code, as the first time
    expect((await client.client.post("/api/firm/leave")).status).toBe(404);
    expect((await client.client.post("/api/firms/join", { code: firm.firmCode })).status).toBe(200);
    expect(await listedIds(firm.admin)).toContain(client.id);
  });

  it("is a client's own act: admins, staff, clients without a firm and strangers get 404 and nobody else leaves", async () => {
    const { firm, staff, client } = await buildFirmAndClient();
    const loner = await buildUser(ctx);
    const other = await buildFirm(ctx);
    for (const caller of [firm.admin, staff.client, loner.client, other.admin]) {
      // naming someone else changes nothing: the operation only ever concerns the caller
      const res = await caller.json("POST", "/api/firm/leave", { userId: client.id });
      expect(res).toMatchObject({ status: 404, body: { error: { code: "NOT_FOUND" } } });
    }
    expect((await new TestClient(ctx).post("/api/firm/leave")).status).toBe(401);

    expect(await listedIds(firm.admin)).toContain(client.id);
    expect((await firm.admin.get("/api/firm")).status).toBe(200);
    expect((await staff.client.get(`/api/clients/${client.id}`)).status).toBe(200);
    expect(await leftMails(firm.adminEmail)).toEqual([]);
  });

  it("cancels a release that this firm attested and that is still waiting", async () => {
    const { firm, client } = await buildFirmAndClient();
    const attest = { attesterName: "Ada Admin", eventDate: new Date().toISOString().slice(0, 10) };
    expect(
      (await firm.admin.json("POST", `/api/clients/${client.id}/release`, attest)).status,
    ).toBe(201);

    expect((await client.client.post("/api/firm/leave")).status).toBe(200);

    const plan = await client.client.json<ReleasePlanView>("GET", "/api/release");
    expect(plan.body.state).not.toBe("waiting");
    expect(plan.body.release?.status).toBe("cancelled");
    expect((await timeline(client.client, "/api/activity?type=firm"))[0]).toBe(
      `You left ${firm.firmName}; the release it had attested for you was cancelled`,
    );
    expect((await mailsTo(ctx, client.email)).map((m) => m.subject)).toContain(
      "The release of your Legacy Vault was cancelled",
    );
  });
});
