import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEATH_MSG,
  type ReleasePeopleView,
  type ReportDeathResult,
} from "../../common/deliveries.js";
import { vaultWithFallbacks } from "../../test/factories/fallbacks.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { mailsTo, portalClient, releaseByAttestation } from "../../test/factories/release.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  type TestContext,
} from "../../test/harness.js";
import { expectRetryLater } from "../../test/rate-limit.js";
import { createOffsetClock } from "../clock.js";
import { PER_USER_LIMITS } from "../rate-limit/rules.js";
import { personHandle } from "./deceased.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const grants = async (assetId: string) =>
  rowsOf<{ email: string; position: number | null }>(
    await ctx.services.deps.db.execute(
      sql`select beneficiary_email as email, fallback_position as position from release_items where asset_id = ${assetId} order by coalesce(fallback_position, 0)`,
    ),
  ).map((g) => g.email);

const releaseIdOf = async (ownerId: string) =>
  rowsOf<{ id: string }>(
    await ctx.services.deps.db.execute(
      sql`select id from releases where user_id = ${ownerId} and status = 'released'`,
    ),
  )[0]?.id ?? "";

/** A released vault with fallbacks, and the firm admin's calls on the client's people. */
async function released() {
  const v = await vaultWithFallbacks(ctx);
  await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });
  const releaseId = await releaseIdOf(v.owner.id);
  const people = `/api/clients/${v.owner.id}/release/people`;
  const report = (client: TestClient, email: string, note?: string) =>
    client.json<ReportDeathResult & { error: { message: string } }>("POST", `${people}/report`, {
      person: personHandle(releaseId, email),
      ...(note === undefined ? {} : { note }),
    });
  return { ...v, releaseId, people, report };
}

describe("a beneficiary reported dead (decision 105)", () => {
  it("nothing to report before the release; after it, the heir's item goes to the first in turn at once, once", async () => {
    const v = await vaultWithFallbacks(ctx);
    const people = `/api/clients/${v.owner.id}/release/people`;
    const before = await v.firm.admin.json<ReleasePeopleView>("GET", people);
    expect(before.body).toEqual({ released: false, people: [] });
    const early = await v.firm.admin.json<{ error: { message: string } }>(
      "POST",
      `${people}/report`,
      { person: "x" },
    );
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(DEATH_MSG.notReleased);

    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });
    const releaseId = await releaseIdOf(v.owner.id);
    const list = await v.firm.admin.json<ReleasePeopleView>("GET", people);
    expect(list.body.released).toBe(true);
    expect(list.body.people.map((p) => [p.person, p.items, p.opened, p.reportedAt])).toEqual(
      expect.arrayContaining([
        [personHandle(releaseId, v.heir), 1, 0, null],
        [personHandle(releaseId, v.first), 1, 0, null],
      ]),
    );
    // names only: never an address
    const raw = JSON.stringify(list.body);
    for (const email of [v.heir, v.first, v.second]) expect(raw).not.toContain(email);

    const reported = await v.firm.admin.json<ReportDeathResult>("POST", `${people}/report`, {
      person: personHandle(releaseId, v.heir),
      note: "Told by his sister on the phone",
    });
    expect(reported.status).toBe(200);
    expect(reported.body.passedOn).toBe(1);
    expect(await grants(v.item.id)).toEqual([v.heir, v.first]);
    const heirRow = reported.body.people.find((p) => p.person === personHandle(releaseId, v.heir));
    expect(heirRow?.reportedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.stringify(reported.body)).not.toContain(v.heir);
    const told = (await mailsTo(ctx, v.first)).filter((m) => m.template === "fallback-activated");
    expect(told).toHaveLength(1);

    const evidence = rowsOf<{ kind: string; email: string | null; entry: string }>(
      await ctx.services.deps.db.execute(
        sql`select kind, beneficiary_email as email, entry from release_evidence where owner_id = ${v.owner.id} and kind in ('beneficiary_reported_dead', 'fallback_activated') order by seq`,
      ),
    ).map((e) => {
      const entry = JSON.parse(e.entry) as { actor: { type: string }; data: unknown };
      return [e.kind, e.email, entry.actor.type, entry.data];
    });
    expect(evidence).toEqual([
      [
        "beneficiary_reported_dead",
        v.heir,
        "firm_admin",
        { note: "Told by his sister on the phone", beneficiary: v.heir },
      ],
      [
        "fallback_activated",
        v.first,
        "system",
        {
          assetId: v.item.id,
          position: 1,
          reason: "reported_dead",
          passedOver: [v.heir],
          beneficiary: v.first,
        },
      ],
    ]);
    const audit = rowsOf<{ n: number }>(
      await ctx.services.deps.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'release.beneficiary_reported_dead' and owner_id = ${v.owner.id}`,
      ),
    );
    expect(audit[0]?.n).toBe(1);
    // the firm's timeline says who reported it, without the address
    const timeline = await v.firm.admin.json<{ events: { text: string }[] }>(
      "GET",
      "/api/firm/activity?type=attestations",
    );
    expect(timeline.body.events[0]?.text).toBe(
      "Ada Admin reported that a beneficiary of Olga Owner has died",
    );
    expect(JSON.stringify(timeline.body)).not.toContain(v.heir);

    // once only
    const again = await v.firm.admin.json<{ error: { message: string } }>(
      "POST",
      `${people}/report`,
      { person: personHandle(releaseId, v.heir) },
    );
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(DEATH_MSG.alreadyReported);
    // the first in turn dies too: the item goes on to the second; their own note has nobody next
    const next = await v.firm.admin.json<ReportDeathResult>("POST", `${people}/report`, {
      person: personHandle(releaseId, v.first),
    });
    expect(next.body.passedOn).toBe(1);
    expect(await grants(v.item.id)).toEqual([v.heir, v.first, v.second]);
    expect(await grants(v.own.id)).toEqual([v.first]);
  });

  it("an item its person opened stays theirs", async () => {
    const v = await released();
    const heir = await portalClient(ctx, v.heir);
    expect((await heir.request("GET", `/api/legacy/items/${v.item.id}`)).status).toBe(200);
    const reported = await v.report(v.firm.admin, v.heir);
    expect(reported.status).toBe(200);
    expect(reported.body.passedOn).toBe(0);
    expect(await grants(v.item.id)).toEqual([v.heir]);
  });

  it("someone else cannot see or report: staff, another firm, the owner, a stranger, signed out", async () => {
    const v = await released();
    const staff = await buildInvitedMember(ctx, v.firm.admin, "firm_staff", "Sam Staff");
    const otherFirm = await buildFirm(ctx);
    const stranger = await buildUser(ctx);
    for (const client of [staff.client, otherFirm.admin, v.owner.client, stranger.client]) {
      expect((await client.request("GET", v.people)).status).toBe(404);
      expect((await v.report(client, v.heir)).status).toBe(404);
    }
    const signedOut = new TestClient(ctx);
    expect((await signedOut.request("GET", v.people)).status).toBe(401);
    expect((await v.report(signedOut, v.heir)).status).toBe(401);
    // an unknown client, a person not of this release, a note too long
    const unknown = `/api/clients/${randomUUID()}/release/people`;
    expect((await v.firm.admin.request("GET", unknown)).status).toBe(404);
    expect((await v.report(v.firm.admin, "nobody@example.com")).status).toBe(404);
    const long = await v.report(v.firm.admin, v.heir, "x".repeat(1001));
    expect(long.status).toBe(400);
    // nothing happened
    expect(await grants(v.item.id)).toEqual([v.heir]);
    const list = await v.firm.admin.json<ReleasePeopleView>("GET", v.people);
    expect(list.body.people.every((p) => p.reportedAt === null)).toBe(true);
  });

  it("at most 20 reports an hour per admin, then 429 with Retry-After; another admin is counted apart", async () => {
    const v = await released();
    const { max } = PER_USER_LIMITS.deathReport;
    for (let i = 0; i < max; i++)
      expect((await v.report(v.firm.admin, `nobody-${i}@example.com`)).status).toBe(404);
    expectRetryLater(await v.firm.admin.request("POST", `${v.people}/report`, { person: "x" }));
    const other = await released();
    expect((await other.report(other.firm.admin, other.heir)).status).toBe(200);
  });
});
