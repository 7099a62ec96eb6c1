import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PLAN_STATUS_PAGE_SIZE,
  type PlanStatusPage,
  type PlanStatusRowView,
} from "../../common/plan-status.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import { createBeneficiaryKey } from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { asSystem } from "../db/actor.js";
import { auditLog, userKeys } from "../db/schema/index.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PATH = "/api/firm/plan-status";
const page = (c: TestClient, query = "") => c.json<PlanStatusPage>("GET", `${PATH}${query}`);
const rowOf = async (c: TestClient, clientId: string) =>
  (await page(c, "?sort=name")).body.clients.find((r) => r.clientId === clientId);

/** The person named as a verifier accepts with the e-mailed link and code. */
async function acceptAsVerifier(email: string) {
  const token = (await linkFromMail(ctx, email, "/verifier/invite")).searchParams.get("token");
  const browser = new TestClient(ctx);
  expect((await browser.post("/api/verifier/code", { token })).status).toBe(200);
  const code = (await lastMailTo(ctx, email)).text.match(/\b(\d{6})\b/)?.[1];
  const res = await browser.post("/api/verifier/answer", { token, code, answer: "accept" });
  expect(res.status).toBe(200);
}

describe("the firm's plan status", () => {
  it("follows each step of a client's plan as yes/no, a date and a score", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Carla Client");
    const empty: Partial<PlanStatusRowView> = {
      name: "Carla Client",
      email: client.email,
      hasReleasePlan: false,
      hasBeneficiaries: false,
      areKeysHandedOver: false,
      areVerifiersAccepted: false,
      lastCheckInAt: null,
      score: 0,
    };
    expect(await rowOf(firm.admin, client.id)).toMatchObject(empty);

    await client.client.json("PUT", "/api/release/plan", { inactivityMonths: 6, waitDays: 7 });
    const planned = await rowOf(firm.admin, client.id);
    expect(planned).toMatchObject({ hasReleasePlan: true, score: 20 });
    expect(Date.parse(planned?.lastCheckInAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

    const heir = uniqueEmail("heir");
    const item = await buildAsset(client.client, {
      title: "Secret title",
      beneficiaryEmails: [heir],
    });
    expect(await rowOf(firm.admin, client.id)).toMatchObject({
      hasBeneficiaries: true,
      areKeysHandedOver: false,
      score: 40,
    });
    const key = await createBeneficiaryKey(client.client, await dataKeyOf(client.client), {
      email: heir,
      items: [{ id: item.id, ck: item.ck }],
    });
    const handed = await client.client.request("PATCH", `/api/keys/beneficiaries/${key.id}`, {
      handedOver: true,
    });
    expect(handed.status).toBe(200);
    expect(await rowOf(firm.admin, client.id)).toMatchObject({
      areKeysHandedOver: true,
      score: 60,
    });

    const vera = uniqueEmail("verifier");
    await client.client.json("POST", "/api/verifiers", {
      kind: "person",
      name: "Vera",
      email: vera,
    });
    expect(await rowOf(firm.admin, client.id)).toMatchObject({ areVerifiersAccepted: false });
    await acceptAsVerifier(vera);
    expect(await rowOf(firm.admin, client.id)).toMatchObject({
      areVerifiersAccepted: true,
      score: 80,
    });

    // the recovery kit made in the browser (a password wrap beside it, as the table requires)
    await asSystem(ctx.services.deps.db, (tx) =>
      tx
        .update(userKeys)
        .set({
          passwordWrappedKey: Buffer.alloc(60, 2),
          kdfSalt: Buffer.alloc(16, 3),
          kdfIterations: 600_000,
          recoveryWrappedKey: Buffer.alloc(60, 1),
        })
        .where(eq(userKeys.userId, client.id)),
    );
    const done = await rowOf(firm.admin, client.id);
    expect(done).toMatchObject({ hasRecoveryKit: true, score: 100 });
    // yes/no and dates only: no title, no beneficiary's address, no verifier's
    const text = JSON.stringify(await page(firm.admin));
    for (const secret of ["Secret title", heir, vera]) expect(text).not.toContain(secret);
    expect(Object.keys(done ?? {}).sort()).toEqual(
      Object.keys(empty).concat(["clientId", "hasRecoveryKit"]).sort(),
    );

    const complete = await page(firm.admin, "?filter=complete");
    expect(complete.body.clients.map((r) => r.clientId)).toEqual([client.id]);
    expect((await page(firm.admin, "?filter=incomplete")).body.clients).toEqual([]);

    // deleting the item takes the beneficiary and the pending key with it
    await client.client.request("DELETE", `/api/assets/${item.id}`);
    expect((await rowOf(firm.admin, client.id))?.hasBeneficiaries).toBe(false);
  });

  it("is read by the firm's admins, staff and assistants, and by no one else", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Rita Client");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const assistant = await buildInvitedMember(ctx, firm.admin, "firm_assistant");
    for (const reader of [firm.admin, staff.client, assistant.client]) {
      const res = await page(reader);
      expect(res.status).toBe(200);
      // the firm's members themselves are not its clients
      expect(res.body.clients.map((r) => r.clientId)).toEqual([client.id]);
      const csv = await reader.request("GET", `${PATH}.csv`);
      expect(csv.status).toBe(200);
      expect(await csv.text()).toContain("Rita Client");
    }

    const other = await buildFirm(ctx);
    await buildInvitedMember(ctx, other.admin, "regular_user", "Otto Other");
    const otherStaff = await buildInvitedMember(ctx, other.admin, "firm_staff");
    for (const theirMember of [other.admin, otherStaff.client]) {
      const theirs = await page(theirMember);
      expect(theirs.body.clients.map((r) => r.name)).toEqual(["Otto Other"]);
      const theirCsv = await (await theirMember.request("GET", `${PATH}.csv`)).text();
      expect(theirCsv).not.toContain("Rita Client");
    }

    const stranger = await buildUser(ctx);
    for (const outsider of [client.client, stranger.client]) {
      expect((await outsider.request("GET", PATH)).status).toBe(404);
      expect((await outsider.request("GET", `${PATH}.csv`)).status).toBe(404);
    }
    expect((await new TestClient(ctx).request("GET", PATH)).status).toBe(401);
    expect((await new TestClient(ctx).request("GET", `${PATH}.csv`)).status).toBe(401);

    // a client who leaves is no longer in the firm's list
    expect((await client.client.post("/api/firm/leave")).status).toBe(200);
    expect((await page(firm.admin)).body.clients).toEqual([]);
    expect(await (await firm.admin.request("GET", `${PATH}.csv`)).text()).not.toContain("Rita");
  });

  it("answers 400 to a sort, filter, direction or cursor it does not know", async () => {
    const firm = await buildFirm(ctx);
    const bad = [
      "?sort=email",
      "?filter=everything",
      "?dir=up",
      "?cursor=not-a-cursor",
      `?cursor=${"x".repeat(2000)}`,
      "?limit=5",
      "?filter=%00",
    ];
    for (const query of bad) {
      const res = await firm.admin.json<{ error: string }>("GET", `${PATH}${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBeTruthy();
    }
    expect((await firm.admin.request("GET", `${PATH}.csv?sort=email`)).status).toBe(400);
    expect((await firm.admin.request("GET", `${PATH}.csv?cursor=x`)).status).toBe(400);
  });
});

/** Clients written straight into the database (triggers keep their status), with varied plans. */
async function seedClients(firmId: string, n: number) {
  const tag = Math.random().toString(16).slice(2, 10);
  const seeded = Array.from({ length: n }, (_, i) => {
    const id = `pst${tag}${String(i).padStart(4, "0")}`;
    const hasPlan = i % 3 !== 0;
    return {
      id,
      name: `Name${String(i % 37).padStart(2, "0")}`, // repeated names: the id breaks ties
      hasPlan,
      checkIn: hasPlan ? new Date(Date.UTC(2026, 0, 1 + (i % 40), 9, 0, 0, i)) : null,
    };
  });
  await asSystem(ctx.services.deps.db, async (tx) => {
    for (const c of seeded) {
      await tx.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values (${c.id}, ${c.name}, ${`${c.id}@example.com`}, true, now(), now())`);
      await tx.execute(sql`insert into profiles (id, name, email, role, firm_id)
        values (${c.id}, ${c.name}, ${`${c.id}@example.com`}, 'regular_user', ${firmId})`);
      if (c.checkIn)
        await tx.execute(sql`insert into release_plans (user_id, inactivity_months, last_check_in_at, updated_at)
          values (${c.id}, 6, ${c.checkIn.toISOString()}, now())`);
    }
  });
  return seeded;
}

describe("the firm's plan status, page by page", () => {
  it("walks every sort and direction with cursors, in the same order as sorting all rows", async () => {
    const firm = await buildFirm(ctx);
    const seeded = await seedClients(firm.firmId, 2 * PLAN_STATUS_PAGE_SIZE + 7);
    const keyOf = {
      score: (c: (typeof seeded)[number]) => (c.hasPlan ? 20 : 0),
      name: (c: (typeof seeded)[number]) => c.name.toLowerCase(),
      check_in: (c: (typeof seeded)[number]) => c.checkIn?.getTime() ?? 0,
    };
    for (const sort of ["score", "name", "check_in"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const sign = dir === "asc" ? 1 : -1;
        const expected = [...seeded]
          .sort((a, b) => {
            const [x, y] = [keyOf[sort](a), keyOf[sort](b)];
            return sign * (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1);
          })
          .map((c) => c.id);
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const query: string = `?sort=${sort}&dir=${dir}${cursor ? `&cursor=${cursor}` : ""}`;
          const res = await page(firm.admin, query);
          expect(res.status).toBe(200);
          seen.push(...res.body.clients.map((r) => r.clientId));
          cursor = res.body.nextCursor;
          pages++;
        } while (cursor);
        expect(pages, `${sort} ${dir}`).toBe(3);
        expect(seen, `${sort} ${dir}`).toEqual(expected);
      }
    }
    // a filter, and a cursor made for another list
    const noPlan = await page(firm.admin, "?filter=no_release_plan&sort=name");
    expect(noPlan.body.clients.every((r) => !r.hasReleasePlan)).toBe(true);
    expect(noPlan.body.clients).toHaveLength(seeded.filter((c) => !c.hasPlan).length);
    const first = await page(firm.admin, "?sort=name");
    expect(first.body.nextCursor).toBeTruthy();
    const misused = await firm.admin.request(
      "GET",
      `${PATH}?sort=score&cursor=${first.body.nextCursor}`,
    );
    expect(misused.status).toBe(400);
  });

  it("exports every client as CSV in the list's order, formulas defused, and audits it", async () => {
    const firm = await buildFirm(ctx);
    const seeded = await seedClients(firm.firmId, 30);
    await asSystem(ctx.services.deps.db, (tx) =>
      tx.execute(
        sql`update profiles set name = '=HYPERLINK("x")' where id = ${seeded[0]?.id ?? ""}`,
      ),
    );
    const res = await firm.admin.request("GET", `${PATH}.csv?sort=name&filter=all`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="plan-status-/);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Client,E-mail,Release plan set,Beneficiaries named,Access keys handed over,Verifiers accepted,Recovery kit saved,Last check-in,Score",
    );
    expect(lines).toHaveLength(31);
    expect(lines).toContain(`"'=HYPERLINK(""x"")",${seeded[0]?.id}@example.com,No,No,No,No,No,,0`);
    const planned = seeded[1];
    expect(lines).toContain(
      `${planned?.name},${planned?.id}@example.com,Yes,No,No,No,No,${planned?.checkIn?.toISOString().slice(0, 10)},20`,
    );
    const audited = await asSystem(ctx.services.deps.db, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.actorId, firm.adminId)),
    );
    expect(audited.map((a) => a.action)).toContain("plan_status.exported");
  });
});
