import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanHealthCode, PlanHealthView } from "../../common/plan-health.js";
import { PLAYBOOK } from "../../common/playbook.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import { createBeneficiaryKey, wrapForBeneficiary } from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildOwnerWithKeys } from "../../test/factories/owner-keys.js";
import { sealedTicks } from "../../test/factories/playbook.js";
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
import { mailOutbox, userKeys } from "../db/schema/index.js";
import { enqueueMail } from "../mail/outbox.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const health = (c: TestClient) => c.json<PlanHealthView>("GET", "/api/plan-health");
const codes = async (c: TestClient) => (await health(c)).body.entries.map((e) => e.code);
const entry = async (c: TestClient, code: PlanHealthCode) =>
  (await health(c)).body.entries.find((e) => e.code === code);

/** A finished message to `to`, as the mailer leaves it once it gave up or delivered. */
async function finishedMail(to: string, status: "sent" | "failed") {
  await asSystem(ctx.services.deps.db, async (tx) => {
    await enqueueMail(tx, {
      to,
      template: "test",
      subject: "",
      text: "",
      html: "",
      expiresAt: null,
    });
    await tx.update(mailOutbox).set({ status }).where(eq(mailOutbox.to, to));
  });
}

/** A message to `to` still pending after a try that failed with `error`. */
async function triedMail(to: string, error: string) {
  await asSystem(ctx.services.deps.db, async (tx) => {
    await enqueueMail(tx, {
      to,
      template: "test",
      subject: "",
      text: "",
      html: "",
      expiresAt: null,
    });
    await tx
      .update(mailOutbox)
      .set({ attempts: 1, lastError: error })
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.status, "pending")));
  });
}

/** The owner's sealed checklist, every platform ticked (the bytes stand for a sealed blob). */
const tickAllPlatforms = async (c: TestClient) => {
  const body = { ...sealedTicks(), tickedCount: PLAYBOOK.length };
  expect((await c.json("PUT", "/api/playbook", body)).status).toBe(200);
};

/** The person named as a verifier accepts with the e-mailed link and code. */
async function acceptAsVerifier(email: string) {
  const token = (await linkFromMail(ctx, email, "/verifier/invite")).searchParams.get("token");
  const browser = new TestClient(ctx);
  expect((await browser.post("/api/verifier/code", { token })).status).toBe(200);
  const code = (await lastMailTo(ctx, email)).text.match(/\b(\d{6})\b/)?.[1];
  const res = await browser.post("/api/verifier/answer", { token, code, answer: "accept" });
  expect(res.status).toBe(200);
}

describe("the owner's plan health", () => {
  it("lists a new owner's missing plan and verifiers, and clears them as they are set", async () => {
    const { client } = await buildUser(ctx);
    expect(await codes(client)).toEqual([
      "no_release_plan",
      "no_verifiers",
      "platforms_not_ticked",
    ]);
    expect(await entry(client, "no_release_plan")).toMatchObject({ fixPath: "/release" });

    await client.json("PUT", "/api/release/plan", { inactivityMonths: 6, waitDays: 7 });
    expect(await codes(client)).toEqual(["no_verifiers", "platforms_not_ticked"]);

    const email = uniqueEmail("verifier");
    await client.json("POST", "/api/verifiers", { kind: "person", name: "Vera", email });
    expect(await codes(client)).toEqual(["too_few_verifiers", "platforms_not_ticked"]);
    expect((await entry(client, "too_few_verifiers"))?.message).toBe(
      "0 of the 1 verifiers needed have accepted.",
    );
    // "never release without a verifier" with none accepted: inactivity would never release (decision 085)
    await client.json("PUT", "/api/release/plan", {
      inactivityMonths: 6,
      waitDays: 7,
      requireVerifier: true,
    });
    expect(await codes(client)).toEqual([
      "too_few_verifiers",
      "verifier_required_none_accepted",
      "platforms_not_ticked",
    ]);
    await acceptAsVerifier(email);
    expect(await codes(client)).toEqual(["platforms_not_ticked"]);
    await tickAllPlatforms(client);
    expect(await codes(client)).toEqual([]);
  });

  it("counts items left to nobody and access keys not handed over, until they are", async () => {
    const { client } = await buildUser(ctx);
    const heir = uniqueEmail("heir");
    const first = await buildAsset(client, { title: "Kept A" });
    await buildAsset(client, { title: "Kept B" });
    expect((await entry(client, "items_left_to_nobody"))?.message).toBe(
      "2 items are left to nobody.",
    );
    await client.request("DELETE", `/api/assets/${first.id}`);
    expect((await entry(client, "items_left_to_nobody"))?.message).toBe(
      "1 item is left to nobody.",
    );

    const left = await buildAsset(client, { title: "For Emma", beneficiaryEmails: [heir] });
    // no key made yet for the address: nothing to hand over, and so not handed over
    expect((await entry(client, "access_keys_not_handed_over"))?.message).toBe(
      "1 beneficiary has not been given their access key yet.",
    );
    const key = await createBeneficiaryKey(client, await dataKeyOf(client), {
      email: heir,
      items: [{ id: left.id, ck: left.ck }],
    });
    expect(await codes(client)).toContain("access_keys_not_handed_over");
    const patched = await client.request("PATCH", `/api/keys/beneficiaries/${key.id}`, {
      handedOver: true,
    });
    expect(patched.status).toBe(200);
    expect(await codes(client)).not.toContain("access_keys_not_handed_over");
    const escrowed = uniqueEmail("heir");
    await createBeneficiaryKey(client, await dataKeyOf(client), { email: escrowed, escrow: true });
    expect(await codes(client)).not.toContain("access_keys_not_handed_over");
  });

  it("names caregivers without an access key, until it is handed over", async () => {
    const { client } = await buildUser(ctx);
    const dk = await dataKeyOf(client);
    const marked = await buildAsset(client, { title: "Bank login", dataKey: dk });
    expect(await codes(client)).not.toContain("caregiver_without_access_key");
    const carla = uniqueEmail("carla");
    const key = await createBeneficiaryKey(client, dk, { email: carla });
    const mark = await client.request("PUT", `/api/incapacity/items/${marked.id}`, {
      caregivers: [
        {
          email: carla,
          beneficiaryKeyId: key.id,
          wrappedKey: await wrapForBeneficiary(key.bk, marked.id, marked.ck),
        },
      ],
    });
    expect(mark.status).toBe(200);
    const found = await entry(client, "caregiver_without_access_key");
    expect(found).toMatchObject({
      message:
        "1 caregiver has no access key yet: if you could not act, they could not read what you marked for them.",
      fixPath: "/release/caregivers",
    });
    const patched = await client.request("PATCH", `/api/keys/beneficiaries/${key.id}`, {
      handedOver: true,
    });
    expect(patched.status).toBe(200);
    expect(await codes(client)).not.toContain("caregiver_without_access_key");
  });

  it("says when the owner's keys have no recovery kit", async () => {
    const owner = await buildOwnerWithKeys(ctx);
    expect(await codes(owner.client)).not.toContain("recovery_kit_not_saved");
    const setWrap = (wrap: Buffer | null) =>
      asSystem(ctx.services.deps.db, (tx) =>
        tx.update(userKeys).set({ recoveryWrappedKey: wrap }).where(eq(userKeys.userId, owner.id)),
      );
    await setWrap(null);
    expect(await entry(owner.client, "recovery_kit_not_saved")).toMatchObject({
      fixPath: "/profile/keys",
    });
    await setWrap(Buffer.alloc(60, 1));
    expect(await codes(owner.client)).not.toContain("recovery_kit_not_saved");
  });

  it("names a beneficiary address whose last e-mail failed, until one is delivered", async () => {
    const { client } = await buildUser(ctx);
    const heir = uniqueEmail("heir");
    await buildAsset(client, { beneficiaryEmails: [heir] });
    expect(await codes(client)).not.toContain("beneficiary_email_failing");
    await finishedMail(heir, "failed");
    expect((await entry(client, "beneficiary_email_failing"))?.message).toBe(
      `E-mail to ${heir} could not be delivered: check the address.`,
    );
    await finishedMail(heir, "sent");
    expect(await codes(client)).not.toContain("beneficiary_email_failing");
  });

  it("counts a permanent SMTP refusal at the last try, not a connection error", async () => {
    const { client } = await buildUser(ctx);
    const heir = uniqueEmail("heir");
    await buildAsset(client, { beneficiaryEmails: [heir] });
    await triedMail(heir, "connect ECONNREFUSED 127.0.0.1:587");
    expect(await codes(client)).not.toContain("beneficiary_email_failing");
    await triedMail(
      heir,
      "Can't send mail - all recipients were rejected: 550 Mailbox unavailable",
    );
    expect(await codes(client)).toContain("beneficiary_email_failing");
  });
});

describe("a client's plan health for the firm", () => {
  it("shows the client's current firm yes/no facts, and no one else anything", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Carla Client");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
    const heir = uniqueEmail("heir");
    await buildAsset(client.client, { title: "Secret title", beneficiaryEmails: [heir] });
    await buildAsset(client.client, { title: "Another secret" });
    await finishedMail(heir, "failed");
    const path = `/api/clients/${client.id}/plan-health`;

    for (const reader of [firm.admin, staff.client]) {
      const res = await reader.json<PlanHealthView>("GET", path);
      expect(res.status).toBe(200);
      expect(res.body.entries.map((e) => e.code)).toEqual([
        "no_release_plan",
        "no_verifiers",
        "access_keys_not_handed_over",
        "beneficiary_email_failing",
        "items_left_to_nobody",
        "platforms_not_ticked",
      ]);
      const text = JSON.stringify(res.body);
      expect(text).toContain("Items left to nobody: 1.");
      expect(text).not.toContain(heir);
      expect(text).not.toContain("secret");
    }

    const other = await buildFirm(ctx);
    const stranger = await buildUser(ctx);
    expect((await other.admin.request("GET", path)).status).toBe(404);
    expect((await stranger.client.request("GET", path)).status).toBe(404);
    expect((await client.client.request("GET", path)).status).toBe(404);
    expect((await new TestClient(ctx).request("GET", path)).status).toBe(401);
    expect((await firm.admin.request("GET", `/api/clients/${staff.id}/plan-health`)).status).toBe(
      404,
    );
    expect((await firm.admin.request("GET", "/api/clients/nope/plan-health")).status).toBe(404);

    // another owner's own list is theirs alone
    expect(await codes(stranger.client)).toEqual([
      "no_release_plan",
      "no_verifiers",
      "platforms_not_ticked",
    ]);

    expect((await client.client.post("/api/firm/leave")).status).toBe(200);
    expect((await firm.admin.request("GET", path)).status).toBe(404);
    expect((await staff.client.request("GET", path)).status).toBe(404);
  });
});
