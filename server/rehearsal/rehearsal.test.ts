import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RehearsalView } from "../../common/rehearsal.js";
import type { ReleasePlanView } from "../../common/release.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import { createBeneficiaryKey, wrapForBeneficiary } from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { mailsTo } from "../../test/factories/release.js";
import {
  APP_URL,
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { asSystem } from "../db/actor.js";
import { listOutbox } from "../mail/outbox.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const rehearse = (c: TestClient) => c.json<RehearsalView>("POST", "/api/release/rehearsal", {});

/** Everything a release could change, whole tables, in a fixed order; the test run's own audit row left out. */
const TABLES = [
  "release_plans",
  "releases",
  "release_items",
  "release_links",
  "release_documents",
  "timers",
  "release_evidence",
  "beneficiary_keys",
  "beneficiaries",
  "asset_beneficiaries",
  "assets",
  "verifiers",
  "legacy_codes",
  "legacy_sessions",
];
async function snapshot() {
  return asSystem(ctx.services.deps.db, async (tx) => {
    const out: Record<string, unknown> = {};
    for (const table of TABLES)
      out[table] = rowsOf(
        await tx.execute(
          sql.raw(`select * from ${table} order by 1::text, row_to_json(${table})::text`),
        ),
      );
    out.audit = rowsOf(
      await tx.execute(
        sql`select * from audit_log where action <> 'release.rehearsal_sent' order by id`,
      ),
    );
    return JSON.stringify(out);
  });
}

describe("a test run of the release", () => {
  it("e-mails the owner every e-mail of a release, marked as a test, and changes nothing", async () => {
    const firm = await buildFirm(ctx, { name: "Hart & Co" });
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olive Owner");
    await owner.client.json<ReleasePlanView>("PUT", "/api/release/plan", {
      inactivityMonths: 6,
      waitDays: 7,
    });
    const emma = uniqueEmail("emma");
    const tom = uniqueEmail("tom");
    await owner.client.json("POST", "/api/beneficiaries", { name: "Emma Stone", email: emma });
    await buildAsset(owner.client, { title: "Bank", beneficiaryEmails: [emma, tom] });
    await buildAsset(owner.client, { title: "Letters", beneficiaryEmails: [emma] });
    await buildAsset(owner.client, { title: "Mine only" });
    const outboxBefore = (await listOutbox(ctx.services.deps.db, 1000)).length;
    const toHeirsBefore = [(await mailsTo(ctx, emma)).length, (await mailsTo(ctx, tom)).length];
    const before = await snapshot();

    const res = await rehearse(owner.client);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: 10, to: owner.email });

    expect(await snapshot()).toBe(before);
    const outbox = await listOutbox(ctx.services.deps.db, 1000);
    const added = outbox.slice(0, outbox.length - outboxBefore).reverse();
    expect(added.every((m) => m.to === owner.email)).toBe(true);
    expect(added.map((m) => m.subject)).toEqual([
      "[Test] Are you still there? Your Legacy Vault release plan starts in 30 days",
      "[Test] Are you still there? Your Legacy Vault release plan starts in 7 days",
      "[Test] Are you still there? Your Legacy Vault release plan starts in 1 day",
      "[Test] A release of your Legacy Vault has started",
      "[Test] Last day: your Legacy Vault will be released soon",
      ...[emma, tom].sort().map(() => "[Test] Olive Owner has left you something in Legacy Vault"),
      "[Test] Your Legacy Vault was released",
      ...[emma, tom].map(() => "[Test] Your access to what Olive Owner left you has ended"),
    ]);
    for (const m of added) {
      expect(m.text.startsWith("This is a test run of your Legacy Vault release plan")).toBe(true);
      expect(m.html).toContain("This is a test run");
      expect(m.expiresAt).toBeNull();
      expect(m.text + m.html).not.toMatch(/token=|\/legacy|\/release\/(cancel|check-in)/);
      for (const link of m.text.match(/https?:\/\/\S+/g) ?? [])
        expect(link).toBe(`${APP_URL}/release`);
    }
    const toEmma = added.find((m) => m.text.includes(`would go to Emma Stone (${emma})`));
    expect(toEmma?.text).toContain("Hello Emma Stone,");
    expect(toEmma?.text).toContain("beneficiary of 2 items");
    expect(added.some((m) => m.text.includes(`would go to ${tom}.`))).toBe(true);
    // nothing reached the beneficiaries themselves
    expect([(await mailsTo(ctx, emma)).length, (await mailsTo(ctx, tom)).length]).toEqual(
      toHeirsBefore,
    );

    const plan = await owner.client.json<ReleasePlanView>("GET", "/api/release");
    expect(plan.body.state).toBe("counting_down");
    expect(plan.body.timeline.map((t) => t.label)).toContain("Test run e-mailed to you");
  });

  it("without an inactivity trigger, sends the attestation's wording and no reminders", async () => {
    const { client, email } = await buildUser(ctx, { name: "Nora None" });
    const res = await rehearse(client);
    expect(res.body).toEqual({ sent: 3, to: email });
    const subjects = (await mailsTo(ctx, email))
      .map((m) => m.subject)
      .filter((s) => s.startsWith("[Test]"));
    expect(subjects).toEqual([
      "[Test] A release of your Legacy Vault has started",
      "[Test] Last day: your Legacy Vault will be released soon",
      "[Test] Your Legacy Vault was released",
    ]);
  });

  it("says which items wait and who is next in turn: as the release and its sweeps would e-mail them", async () => {
    const { client, email } = await buildUser(ctx, { name: "Rita Later" });
    const dk = await dataKeyOf(client);
    const emma = uniqueEmail("emma");
    const tom = uniqueEmail("tom");
    const sam = uniqueEmail("sam");
    await client.json("POST", "/api/beneficiaries", { name: "Sam Next", email: sam });
    const now = await buildAsset(client, { beneficiaryEmails: [emma], dataKey: dk });
    const inAMonth = await buildAsset(client, { beneficiaryEmails: [emma], dataKey: dk });
    const inAWeek = await buildAsset(client, { beneficiaryEmails: [tom], dataKey: dk });
    await buildAsset(client, { type: "message", beneficiaryEmails: [tom], dataKey: dk });
    for (const [item, delayDays] of [
      [inAMonth, 30],
      [inAWeek, 7],
    ] as const)
      expect((await client.json("PUT", `/api/deliveries/${item.id}`, { delayDays })).status).toBe(
        200,
      );
    const samKey = await createBeneficiaryKey(client, dk, { email: sam });
    const fallbacks = [
      {
        email: sam,
        beneficiaryKeyId: samKey.id,
        wrappedKey: await wrapForBeneficiary(samKey.bk, now.id, now.ck),
      },
    ];
    expect(
      (await client.json("PUT", `/api/deliveries/${now.id}`, { delayDays: 0, fallbacks })).status,
    ).toBe(200);

    const res = await rehearse(client);
    expect(res.status).toBe(200);
    const mails = (await mailsTo(ctx, email)).filter((m) => m.subject.startsWith("[Test]"));
    expect(res.body.sent).toBe(mails.length);
    const goingTo = (m: (typeof mails)[number]) =>
      /would go to (.*?)\. Its links/.exec(m.text)?.[1] ?? "you";
    expect(
      mails
        .filter((m) => !goingTo(m).startsWith("you"))
        .map((m) => [m.subject.replace("[Test] ", ""), goingTo(m)]),
    ).toEqual([
      // at the release only Emma's item that does not wait; Tom's item waits, his message has its day
      ["Rita Later has left you something in Legacy Vault", emma],
      ["More from Rita Later's Legacy Vault is ready for you", `${tom}, 7 days after the release`],
      [
        "More from Rita Later's Legacy Vault is ready for you",
        `${emma}, 30 days after the release`,
      ],
      [
        "Rita Later has left you something in Legacy Vault",
        `Sam Next (${sam}), only if nobody before them in turn opens an item in time`,
      ],
      ...[emma, tom].sort().map((to) => ["Your access to what Rita Later left you has ended", to]),
    ]);
    const released = mails.find((m) => goingTo(m) === emma);
    expect(released?.text).toContain("beneficiary of an item in");
    const later = mails.filter((m) => m.subject.startsWith("[Test] More from"));
    expect(later.map((m) => m.text.includes("one more item"))).toEqual([true, true]);
  });

  it("allows 3 a day per owner, needs a sign-in, and takes no body but {}", async () => {
    const { client } = await buildUser(ctx);
    for (let i = 0; i < 3; i++) expect((await rehearse(client)).status).toBe(200);
    expect((await rehearse(client)).status).toBe(429);
    const other = await buildUser(ctx);
    expect(
      (await other.client.request("POST", "/api/release/rehearsal", { to: "x@example.com" }))
        .status,
    ).toBe(400);
    expect((await rehearse(other.client)).status).toBe(200);
    expect((await rehearse(new TestClient(ctx))).status).toBe(401);
  });
});
