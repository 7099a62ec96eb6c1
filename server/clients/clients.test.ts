import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, profiles } from "../db/schema/index.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { buildUser, createTestContext, type TestContext } from "../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Page = {
  clients: { id: string; name: string; email: string; createdAt: string }[];
  total: number;
  page: number;
  pageSize: number;
};

async function firmWithClients(n: number) {
  const firm = await buildFirm(ctx);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const joiner = await buildUser(ctx, {
      name: `Client ${String.fromCharCode(65 + (i % 26))}${i}`,
    });
    await joiner.client.post("/api/firms/join", { code: firm.firmCode });
    await ctx.services.deps.db
      .update(profiles)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })
      .where(eq(profiles.id, joiner.id));
    ids.push(joiner.id);
  }
  return { ...firm, ids };
}

describe("client list", () => {
  it("pages by 10, sorted by joined date descending by default; sorts by name both ways; searches name or e-mail case-insensitively", async () => {
    const firm = await firmWithClients(12);
    const first = await firm.admin.json<Page>("GET", "/api/clients");
    expect(first.body).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.body.clients.map((c) => c.id)).toEqual([...firm.ids].reverse().slice(0, 10));
    const second = await firm.admin.json<Page>("GET", "/api/clients?page=2");
    expect(second.body.clients.map((c) => c.id)).toEqual([firm.ids[1], firm.ids[0]]);
    const byName = await firm.admin.json<Page>("GET", "/api/clients?sort=name&dir=asc");
    const names = byName.body.clients.map((c) => c.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const search = await firm.admin.json<Page>("GET", "/api/clients?search=client%20c2");
    expect(search.body.clients.map((c) => c.name)).toEqual(["Client C2"]);
    const email = first.body.clients[0]?.email ?? "";
    const byEmail = await firm.admin.json<Page>(
      "GET",
      `/api/clients?search=${encodeURIComponent(email.toUpperCase())}`,
    );
    expect(byEmail.body.total).toBe(1);
    const wildcard = await firm.admin.json<Page>("GET", "/api/clients?search=%25");
    expect(wildcard.body.total).toBe(0);
  });

  it("shows only the firm's clients, never its staff, to admins and staff; the profile has no vault content", async () => {
    const firm = await firmWithClients(2);
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const list = await staff.client.json<Page>("GET", "/api/clients");
    expect(list.body.clients.map((c) => c.id).sort()).toEqual([...firm.ids].sort());
    const profile = await staff.client.json<{ client: Record<string, unknown> }>(
      "GET",
      `/api/clients/${firm.ids[0]}`,
    );
    expect(Object.keys(profile.body.client).sort()).toEqual([
      "address",
      "createdAt",
      "email",
      "id",
      "name",
      "phone",
    ]);
  });

  it("another firm's admin, a client and a signed-out visitor reach none of it", async () => {
    const a = await firmWithClients(1);
    const b = await buildFirm(ctx);
    expect((await b.admin.json<Page>("GET", "/api/clients")).body.total).toBe(0);
    expect((await b.admin.get(`/api/clients/${a.ids[0]}`)).status).toBe(404);
    expect((await b.admin.get(`/api/clients/${a.adminId}`)).status).toBe(404);
    const loner = await buildUser(ctx);
    expect((await loner.client.get("/api/clients")).status).toBe(404);
    expect((await loner.client.get(`/api/clients/${a.ids[0]}`)).status).toBe(404);
  });

  it("keeps the total from a counter (trigger) and caps search counts at 1,000 (a firm with many clients)", async () => {
    const firm = await buildFirm(ctx);
    const db = ctx.services.deps.db;
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified) select 'many-' || g || ${firm.firmId}, 'Many ' || g, 'many' || g || '-' || ${firm.firmId} || '@example.com', true from generate_series(1, 1005) g`,
    );
    await db.execute(
      sql`insert into profiles (id, name, email, role, firm_id) select id, name, email, 'regular_user', ${firm.firmId} from "user" where id like ${`many-%${firm.firmId}`}`,
    );
    const all = await firm.admin.json<Page & { isTotalCapped: boolean }>("GET", "/api/clients");
    expect(all.body).toMatchObject({ total: 1005, isTotalCapped: false });
    const many = await firm.admin.json<Page & { isTotalCapped: boolean }>(
      "GET",
      "/api/clients?search=many",
    );
    expect(many.body).toMatchObject({ total: 1000, isTotalCapped: true });
    const one = await firm.admin.json<Page & { isTotalCapped: boolean }>(
      "GET",
      "/api/clients?search=many1004-",
    );
    expect(one.body).toMatchObject({ total: 1, isTotalCapped: false });
    await db.execute(sql`update profiles set firm_id = null where id = ${`many-1${firm.firmId}`}`);
    expect((await firm.admin.json<Page>("GET", "/api/clients")).body.total).toBe(1004);
  });

  it("'View as Client' and 'Exit Impersonation' are audited; another firm cannot start one", async () => {
    const firm = await firmWithClients(1);
    const other = await buildFirm(ctx);
    const clientId = firm.ids[0] ?? "";
    expect(
      (await firm.admin.request("POST", `/api/clients/${clientId}/impersonation`, { active: true }))
        .status,
    ).toBe(200);
    expect(
      (
        await firm.admin.request("POST", `/api/clients/${clientId}/impersonation`, {
          active: false,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await other.admin.request("POST", `/api/clients/${clientId}/impersonation`, {
          active: true,
        })
      ).status,
    ).toBe(404);
    const rows = await ctx.services.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, clientId));
    expect(rows.map((r) => [r.actorId, r.action])).toEqual([
      [firm.adminId, "impersonation.started"],
      [firm.adminId, "impersonation.ended"],
    ]);
  });
});
