import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { mailsTo } from "../../test/factories/release.js";
import { buildUser, createTestContext, type TestContext } from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";
import { JOBS } from "../jobs/scheduler.js";

const HOUR_MS = 3_600_000;
const clock = createOffsetClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const digests = async (to: string) =>
  (await mailsTo(ctx, to)).filter((m) => m.template === "views-digest");
/** The scheduler's own job, as each app process runs it every hour: how many e-mails it queued. */
const runJob = async () => {
  const job = JOBS.find((j) => j.name === "views digest");
  if (!job) throw new Error("no views digest job");
  const said = await job.run(ctx.services.deps);
  return Number(said?.match(/^sent (\d+) /)?.[1] ?? 0);
};

/** A firm, its staff member and a client; `views` looks by the admin, then one by the staff member. */
async function buildViewedClient(views: number) {
  const firm = await buildFirm(ctx);
  const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  for (let i = 0; i < views; i++)
    expect((await firm.admin.get(`/api/clients/${owner.id}/dashboard`)).status).toBe(200);
  if (views > 0)
    expect((await staff.client.get(`/api/clients/${owner.id}/dashboard`)).status).toBe(200);
  return { firm, owner };
}

describe("the daily e-mail of views as client (decision 047)", () => {
  it("sends the client one e-mail listing who viewed their vault and when, then nothing more that day", async () => {
    const { firm, owner } = await buildViewedClient(2);
    const quiet = await buildViewedClient(0);

    expect(await runJob()).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await digests(owner.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Your law firm viewed your vault");
    const lines = (mail?.text ?? "")
      .split("\n")
      .filter((l) => l.includes(" viewed your vault as client on "));
    expect(lines.map((l) => l.replace(/ on .*$/, ""))).toEqual([
      `Ada Admin (${firm.firmName}) viewed your vault as client`,
      `Ada Admin (${firm.firmName}) viewed your vault as client`,
      `Sam Staff (${firm.firmName}) viewed your vault as client`,
    ]);
    for (const line of lines)
      expect(line).toMatch(/ on \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} UTC$/);
    expect(mail?.text).toContain("3 times");
    expect(await digests(quiet.owner.email)).toEqual([]);

    // at most one a day, even with views after it; a day later those are over a day old too
    expect((await firm.admin.get(`/api/clients/${owner.id}/dashboard`)).status).toBe(200);
    clock.advance(HOUR_MS);
    expect(await runJob()).toBe(0);
    clock.advance(20 * HOUR_MS);
    expect(await runJob()).toBe(0);
    clock.advance(5 * HOUR_MS);
    expect(await runJob()).toBe(0);
    expect(await digests(owner.email)).toHaveLength(1);
    clock.advance(-26 * HOUR_MS);
  });

  it("sends nothing when there were no views in the last day", async () => {
    const { owner } = await buildViewedClient(1);
    const loner = await buildUser(ctx);
    clock.advance(25 * HOUR_MS);
    try {
      expect(await runJob()).toBe(0);
      expect(await digests(owner.email)).toEqual([]);
      expect(await digests(loner.email)).toEqual([]);
    } finally {
      clock.advance(-25 * HOUR_MS);
    }
  });
});
