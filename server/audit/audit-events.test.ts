import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { DAY_MS, advance, mailedCode } from "../../test/factories/release.js";
import { buildAsset } from "../../test/factories/assets.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { auditLog } from "../db/schema/index.js";
import { AUDIT_ONCE_WINDOW_SECONDS } from "./record.js";
import { createOffsetClock } from "../clock.js";

const WINDOW_MS = AUDIT_ONCE_WINDOW_SECONDS * 1000;
/** The app's clock, one second into a fresh dedup window: this file's steps all fall in one window unless a test moves it a window on. */
const clock = createOffsetClock(WINDOW_MS - (Date.now() % WINDOW_MS) + 1000);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

/** The id of the newest audit row, to read only what a step wrote after it. */
async function auditMark(): Promise<number> {
  const rows = await ctx.services.deps.db.select({ id: auditLog.id }).from(auditLog);
  return Math.max(0, ...rows.map((r) => r.id));
}

/** The audit rows of `action` written after `mark`, oldest first. */
async function auditedSince(mark: number, action: string) {
  const rows = await ctx.services.deps.db
    .select()
    .from(auditLog)
    .where(and(gt(auditLog.id, mark), eq(auditLog.action, action)))
    .orderBy(auditLog.id);
  return rows;
}

/** The secrets a row must never hold: searched in every column, as text. */
function expectNoSecret(rows: unknown[], secrets: string[]) {
  const text = JSON.stringify(rows);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("the audit log", () => {
  it("records the owner's vault key fetch with actor and address, never the key; once per owner, address and window", async () => {
    const user = await buildUser(ctx);
    const mark = await auditMark();
    const first = await user.client.json<{ dataKey: string }>("GET", "/api/vault/key");
    const again = await user.client.json<{ dataKey: string }>("GET", "/api/vault/key");
    expect([first.status, again.status]).toEqual([200, 200]);
    const rows = await auditedSince(mark, "vault.key_fetched");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: user.id,
      ip: user.client.ip,
      subjectType: "user",
      subjectId: user.id,
    });
    const dataKey = first.body.dataKey;
    expectNoSecret(rows, [
      dataKey,
      Buffer.from(dataKey, "base64").toString("hex"),
      Buffer.from(dataKey, "base64").toString("base64url"),
    ]);

    clock.advance(WINDOW_MS); // the next window writes again
    expect((await user.client.get("/api/vault/key")).status).toBe(200);
    expect(await auditedSince(mark, "vault.key_fetched")).toHaveLength(2);
  });

  it("records a wrong e-mailed sign-in code against the account, with the address and the reason, never the code", async () => {
    const user = await buildUser(ctx);
    expect((await user.client.post("/api/auth/two-factor/send-otp", {})).status).toBe(200);
    const enableCode = (await lastMailTo(ctx, user.email)).text.match(/^(\d{6})$/m)?.[1] ?? "";
    const enableMark = await auditMark();
    // while turning codes on (signed in): a wrong code first
    expect(
      (
        await user.client.post("/api/auth/two-factor/verify-otp", {
          code: wrongCodeFor(enableCode),
        })
      ).status,
    ).toBe(401);
    expect(
      (await user.client.post("/api/auth/two-factor/verify-otp", { code: enableCode })).status,
    ).toBe(200);
    const enabling = await auditedSince(enableMark, "auth.code_failed");
    expect(enabling).toHaveLength(1);
    expect(enabling[0]).toMatchObject({
      actorId: user.id,
      ip: user.client.ip,
      details: { reason: "INVALID_CODE" },
    });
    expectNoSecret(enabling, [enableCode, wrongCodeFor(enableCode)]);

    // at sign-in (no session yet: the challenge names the account)
    const client = new TestClient(ctx);
    expect(
      (
        await client.json("POST", "/api/auth/sign-in/email", {
          email: user.email,
          password: user.password,
        })
      ).body,
    ).toMatchObject({
      twoFactorRedirect: true,
    });
    expect((await client.post("/api/auth/two-factor/send-otp", {})).status).toBe(200);
    const code = (await lastMailTo(ctx, user.email)).text.match(/^(\d{6})$/m)?.[1] ?? "";
    const mark = await auditMark();
    const refused = await client.json<{ error: { authCode?: string } }>(
      "POST",
      "/api/auth/two-factor/verify-otp",
      { code: wrongCodeFor(code) },
    );
    expect(refused.status).toBe(401);
    const rows = await auditedSince(mark, "auth.code_failed");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: user.id,
      ip: client.ip,
      details: { reason: refused.body.error.authCode },
    });
    expectNoSecret(rows, [code, wrongCodeFor(code), user.password]);
    expect((await client.post("/api/auth/two-factor/verify-otp", { code })).status).toBe(200);
    expect(await auditedSince(mark, "auth.code_failed")).toHaveLength(1); // the right code is no failure
  });

  it("records the beneficiary portal's refused codes (wrong, none sent) with the address and the reason, never the code", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
    const heir = uniqueEmail("heir");
    await buildAsset(owner.client, {
      type: "note",
      title: "Letter",
      beneficiaryEmails: [heir],
      content: { text: "Dear heir" },
    });
    await firm.admin.json("POST", `/api/clients/${owner.id}/release`, {
      attesterName: "Ada Admin",
      eventDate: "2026-11-01",
    });
    await advance(ctx, clock, 8 * DAY_MS);

    const client = new TestClient(ctx);
    expect((await client.post("/api/legacy/code", { email: heir })).status).toBe(200);
    const code = await mailedCode(ctx, heir);
    const mark = await auditMark();
    expect(
      (await client.post("/api/legacy/verify", { email: heir, code: wrongCodeFor(code) })).status,
    ).toBe(400);
    const stranger = uniqueEmail("stranger");
    expect(
      (await client.post("/api/legacy/verify", { email: stranger, code: "314159" })).status,
    ).toBe(400);
    expect((await client.post("/api/legacy/verify", { email: heir, code })).status).toBe(200);

    const rows = await auditedSince(mark, "legacy.code_failed");
    expect(rows.map((r) => [r.actorId, r.ip, r.details])).toEqual([
      [null, client.ip, { beneficiary: heir, reason: "wrong_code" }],
      [null, client.ip, { beneficiary: stranger, reason: "no_code" }],
    ]);
    expectNoSecret(rows, [code, wrongCodeFor(code), "314159"]);
  });

  it("records a rate-limited client once per address, route and window, however long the flood, without the body", async () => {
    const client = new TestClient(ctx);
    const mark = await auditMark();
    const emails = Array.from({ length: 15 }, () => uniqueEmail("flood"));
    const statuses: number[] = [];
    for (const email of emails)
      statuses.push((await client.post("/api/legacy/code", { email })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(200), ...Array<number>(5).fill(429)]);
    const rows = await auditedSince(mark, "request.rate_limited");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: null,
      ip: client.ip,
      details: { route: "POST /api/legacy/code" },
    });
    expectNoSecret(rows, emails);

    // another route is another key; so is another address
    for (let i = 0; i < 20; i++)
      await client.post("/api/legacy/verify", { email: emails[0], code: "271828" });
    expect(
      (await client.post("/api/legacy/verify", { email: emails[0], code: "271828" })).status,
    ).toBe(429);
    const other = new TestClient(ctx);
    for (let i = 0; i < 12; i++) await other.post("/api/legacy/code", { email: emails[1] });
    const all = await auditedSince(mark, "request.rate_limited");
    expect(all.map((r) => [r.ip, r.details])).toEqual([
      [client.ip, { route: "POST /api/legacy/code" }],
      [client.ip, { route: "POST /api/legacy/verify" }],
      [other.ip, { route: "POST /api/legacy/code" }],
    ]);
    expectNoSecret(all, [...emails, "271828"]);
  });

  it("records access refused by the rules (the client sees the same 404 as a missing record) once per actor, permission, record and window", async () => {
    const firm = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
    const mark = await auditMark();
    const refused = await staff.client.json<{ error: { code: string; message: string } }>(
      "GET",
      "/api/staff",
    );
    const missing = await staff.client.json<{ error: { code: string; message: string } }>(
      "GET",
      "/api/no-such-thing",
    );
    expect(refused.status).toBe(404);
    expect({ code: refused.body.error.code, message: refused.body.error.message }).toEqual({
      code: missing.body.error.code,
      message: missing.body.error.message,
    });
    expect((await staff.client.get("/api/staff")).status).toBe(404);
    const rows = await auditedSince(mark, "access.denied");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: staff.id,
      ip: staff.client.ip,
      subjectType: "firm",
      subjectId: firm.firmId,
      details: { permission: "staff:manage" },
    });
    expect(await auditedSince(mark, "access.denied").then((r) => r.length)).toBe(1);
    expect((await firm.admin.get("/api/staff")).status).toBe(200); // the admin is not refused, nor audited
    expect(await auditedSince(mark, "access.denied")).toHaveLength(1);
  });
});
