import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientFirmDetailsAnswer } from "../../common/clients.js";
import { auditLog, clientFirmDetails, profiles } from "../db/schema/index.js";
import { withActor } from "../db/actor.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  buildUser,
  createTestContext,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";

/** /clients/edit/{id} (issue 16 point 10, docs/decisions/041): the firm's own reference and notes about a client. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const path = (id: string) => `/api/clients/${id}/firm-details`;

async function firmWithClient() {
  const firm = await buildFirm(ctx);
  const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
  const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Cleo Client");
  return { ...firm, staff, client };
}

/** Every read and write answers exactly like a missing client: 404 "Not found". */
async function expectNoAccess(who: TestClient, clientId: string) {
  for (const id of [clientId, randomUUID()]) {
    const got = await who.request("GET", path(id));
    expect(got.status).toBe(404);
    expect(await got.json()).toEqual({
      error: {
        code: "NOT_FOUND",
        message: "Not found",
        requestId: got.headers.get("x-request-id"),
      },
    });
    const put = await who.request("PUT", path(id), { reference: "HIJACK", notes: "mine now" });
    expect(put.status).toBe(404);
  }
}

describe("a client's firm details", () => {
  it("the firm's admin reads empty details, saves a reference and notes (trimmed; blank clears), and staff read and change them too", async () => {
    const { admin, staff, client } = await firmWithClient();
    const empty = await admin.json<ClientFirmDetailsAnswer>("GET", path(client.id));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      client: { id: client.id, name: "Cleo Client", email: client.email },
      details: { reference: null, notes: null, updatedAt: null },
    });

    const saved = await admin.json<ClientFirmDetailsAnswer>("PUT", path(client.id), {
      reference: "  M-2026-114 ",
      notes: "Prefers phone calls.\nWill signed 2019.",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.details).toMatchObject({
      reference: "M-2026-114",
      notes: "Prefers phone calls.\nWill signed 2019.",
    });
    expect(Date.parse(saved.body.details.updatedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

    const byStaff = await staff.client.json<ClientFirmDetailsAnswer>("PUT", path(client.id), {
      reference: "M-2026-114",
      notes: "  ",
    });
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.details).toMatchObject({ reference: "M-2026-114", notes: null });
    const read = await admin.json<ClientFirmDetailsAnswer>("GET", path(client.id));
    expect(read.body.details).toMatchObject({ reference: "M-2026-114", notes: null });

    // The client's own fields are untouched, and the change is audited without its text.
    const [profile] = await ctx.services.deps.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, client.id));
    expect(profile?.name).toBe("Cleo Client");
    const audits = await ctx.services.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "client.details_updated"), eq(auditLog.subjectId, client.id)));
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain("M-2026-114");
  });

  it("refuses over-long fields with the field's message", async () => {
    const { admin, client } = await firmWithClient();
    const res = await admin.json<{ error: { fields: Record<string, string> } }>(
      "PUT",
      path(client.id),
      { reference: "R".repeat(51), notes: "N".repeat(5001) },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      reference: "Please keep the reference under 50 characters",
      notes: "Please keep the notes under 5000 characters",
    });
  });

  it("someone else cannot read or change them: the client, another client, another firm's admin and staff, a firm's own admin for a staff member or for a client who left", async () => {
    const a = await firmWithClient();
    await a.admin.json("PUT", path(a.client.id), { reference: "A-1", notes: "secret" });
    const b = await firmWithClient();
    const loner = await buildUser(ctx);

    await expectNoAccess(a.client.client, a.client.id); // the client themselves
    await expectNoAccess(b.client.client, a.client.id);
    await expectNoAccess(b.admin, a.client.id);
    await expectNoAccess(b.staff.client, a.client.id);
    await expectNoAccess(loner.client, a.client.id);
    await expectNoAccess(a.admin, a.staff.id); // staff are not clients
    await expectNoAccess(a.admin, a.adminId);

    // Nothing was written by the refused attempts.
    const read = await a.admin.json<ClientFirmDetailsAnswer>("GET", path(a.client.id));
    expect(read.body.details).toMatchObject({ reference: "A-1", notes: "secret" });

    // Signed out: 401.
    const anonymous = await ctx.app.request(path(a.client.id));
    expect(anonymous.status).toBe(401);
  });

  it("row-level security: another firm's staff see no row, even querying the table directly; the client never does", async () => {
    const a = await firmWithClient();
    await a.admin.json("PUT", path(a.client.id), { reference: "A-2", notes: "private" });
    const b = await firmWithClient();
    const db = ctx.services.deps.db;
    const count = (userId: string) =>
      withActor(db, { userId }, (tx) =>
        tx.select().from(clientFirmDetails).where(eq(clientFirmDetails.clientId, a.client.id)),
      ).then((r) => r.length);
    expect(await count(a.adminId)).toBe(1);
    expect(await count(a.staff.id)).toBe(1);
    expect(await count(b.adminId)).toBe(0);
    expect(await count(a.client.id)).toBe(0);
    // Another firm's admin cannot write a row for this client either.
    await expect(
      withActor(db, { userId: b.adminId }, (tx) =>
        tx.execute(
          sql`insert into client_firm_details (firm_id, client_id, reference, updated_by) values (${b.firmId}, ${a.client.id}, 'X', ${b.adminId})`,
        ),
      ),
    ).rejects.toThrow();
    // Once the client leaves the firm, the firm's row is no longer visible to it.
    await db.update(profiles).set({ firmId: null }).where(eq(profiles.id, a.client.id));
    expect(await count(a.adminId)).toBe(0);
    const gone = await a.admin.request("GET", path(a.client.id));
    expect(gone.status).toBe(404);
  });

  it("a read-only assistant reads the client list, the client and the firm's notes, and changes nothing, even querying the table directly (decision 084)", async () => {
    const { admin, client, firmId } = await firmWithClient();
    await admin.json("PUT", path(client.id), { reference: "R-1", notes: "Call first" });
    const assistant = await buildInvitedMember(ctx, admin, "firm_assistant", "Ada Assistant");

    const me = await assistant.client.json<{ user: { role: string; firmId: string } }>(
      "GET",
      "/api/me",
    );
    expect(me.body.user).toMatchObject({ role: "firm_assistant", firmId });
    const list = await assistant.client.json<{ clients: { id: string }[] }>("GET", "/api/clients");
    expect(list.status).toBe(200);
    expect(list.body.clients.map((c) => c.id)).toContain(client.id);
    const one = await assistant.client.request("GET", `/api/clients/${client.id}`);
    expect(one.status).toBe(200);
    const read = await assistant.client.json<ClientFirmDetailsAnswer>("GET", path(client.id));
    expect(read.status).toBe(200);
    expect(read.body.details).toMatchObject({ reference: "R-1", notes: "Call first" });

    // no write: the notes, an invitation of anyone, the firm's codes, staff and timeline
    const put = await assistant.client.request("PUT", path(client.id), {
      reference: "X",
      notes: "",
    });
    expect(put.status).toBe(404);
    for (const role of ["regular_user", "firm_staff", "firm_admin", "firm_assistant"])
      expect(
        (
          await assistant.client.request("POST", "/api/invitations", {
            email: `x-${role}@example.com`,
            role,
          })
        ).status,
      ).toBe(404);
    expect(
      (await assistant.client.request("POST", "/api/firm-codes", { description: "" })).status,
    ).toBe(404);
    expect((await assistant.client.request("GET", "/api/staff")).status).toBe(404);
    expect((await assistant.client.request("GET", "/api/firm/activity")).status).toBe(404);
    expect(
      (
        await assistant.client.request("POST", `/api/clients/${client.id}/release`, {
          attesterName: "Ada Assistant",
          eventDate: "2026-11-01",
        })
      ).status,
    ).toBe(404);
    expect(
      (await admin.json<ClientFirmDetailsAnswer>("GET", path(client.id))).body.details,
    ).toMatchObject({
      reference: "R-1",
    });

    // row-level security: the assistant reads the row but cannot write one
    const db = ctx.services.deps.db;
    const rows = await withActor(db, { userId: assistant.id }, (tx) =>
      tx.select().from(clientFirmDetails).where(eq(clientFirmDetails.clientId, client.id)),
    );
    expect(rows).toHaveLength(1);
    await expect(
      withActor(db, { userId: assistant.id }, (tx) =>
        tx.execute(
          sql`update client_firm_details set notes = 'changed', updated_by = ${assistant.id} where client_id = ${client.id}`,
        ),
      ),
    ).rejects.toThrow();
    const other = await buildUser(ctx);
    await db.update(profiles).set({ firmId }).where(eq(profiles.id, other.id));
    await expect(
      withActor(db, { userId: assistant.id }, (tx) =>
        tx.execute(
          sql`insert into client_firm_details (firm_id, client_id, reference, updated_by) values (${firmId}, ${other.id}, 'X', ${assistant.id})`,
        ),
      ),
    ).rejects.toThrow();
  });
});
