import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FirmOverviewView } from "../../common/dashboard.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function overview(client: TestClient) {
  const res = await client.request("GET", "/api/dashboard/firm");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return (await res.json()) as FirmOverviewView;
}

async function invite(client: TestClient, role: string) {
  const res = await client.request("POST", "/api/invitations", { email: uniqueEmail(role), role });
  expect(res.status).toBe(200);
}

/** A firm with two clients, one staff member (Sam) and, pending, a client and a staff invitation. */
async function buildBusyFirm() {
  const firm = await buildFirm(ctx);
  const olga = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  await buildInvitedMember(ctx, firm.admin, "regular_user", "Carl Client");
  const sam = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
  await invite(firm.admin, "regular_user");
  await invite(firm.admin, "firm_staff");
  return { firm, olga, sam };
}

describe("GET /api/dashboard/firm (the Firm Overview's numbers, issue 16 point 8)", () => {
  it("an admin sees clients, staff, active codes and every pending invitation of their own firm", async () => {
    const { firm } = await buildBusyFirm();
    const other = await buildFirm(ctx);
    await buildInvitedMember(ctx, other.admin, "regular_user");
    await invite(other.admin, "regular_user");
    expect((await firm.admin.post("/api/firm-codes", { description: "Spring" })).status).toBe(201);
    const codes = await firm.admin.json<{ codes: { isActive: boolean }[] }>(
      "GET",
      "/api/firm-codes",
    );
    const active = codes.body.codes.filter((c) => c.isActive).length;
    expect(active).toBeGreaterThanOrEqual(2);

    const body = await overview(firm.admin);
    expect(body).toMatchObject({
      clients: 2,
      staff: 2, // the admin and Sam
      activeCodes: active,
      pendingInvitations: 2,
    });
  });

  it("staff see the clients and the pending client invitations only: no staff or code numbers", async () => {
    const { sam } = await buildBusyFirm();
    await invite(sam.client, "regular_user");
    const body = await overview(sam.client);
    expect(body.clients).toBe(2);
    expect(body.pendingInvitations).toBe(2); // the admin's client invitation and Sam's, not the staff one
    expect(body).not.toHaveProperty("staff");
    expect(body).not.toHaveProperty("activeCodes");
  });

  it("'Your recent actions' lists the caller's own actions in the firm, newest first, and nobody else's", async () => {
    const { firm, olga, sam } = await buildBusyFirm();
    await invite(sam.client, "regular_user");
    expect(
      (await sam.client.post(`/api/clients/${olga.id}/impersonation`, { active: true })).status,
    ).toBe(200);
    expect(
      (await sam.client.post(`/api/clients/${olga.id}/impersonation`, { active: false })).status,
    ).toBe(200);

    const mine = (await overview(sam.client)).myActions.map((e) => e.text);
    expect(mine.slice(0, 3)).toEqual([
      "You stopped viewing Olga Owner's vault as client",
      "You started viewing Olga Owner's vault as client",
      "You invited a new client",
    ]);
    expect(mine.join("\n")).not.toMatch(/Ada Admin/);
    // Sam's earlier join is his own action too; the admin's invitations are not.
    expect(mine).toContain("You accepted an invitation and joined as a staff member");
    expect(mine).toHaveLength(4);

    const admins = (await overview(firm.admin)).myActions.map((e) => e.text);
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((t) => t.startsWith("You "))).toBe(true);
    expect(admins.join("\n")).not.toMatch(/viewing/);
  });

  it("answers 404 to a client, to a person with no firm, and signed out", async () => {
    const { olga } = await buildBusyFirm();
    const loner = await buildUser(ctx);
    for (const client of [olga.client, loner.client])
      expect((await client.request("GET", "/api/dashboard/firm")).status).toBe(404);
    expect((await new TestClient(ctx).request("GET", "/api/dashboard/firm")).status).toBe(401);
  });
});
