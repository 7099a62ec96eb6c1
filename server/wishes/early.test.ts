import { randomUUID } from "node:crypto";
import { eq, like, and } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WishesContent } from "../../common/assets/wishes.js";
import type { EarlyWishesDetail, EarlyWishesView } from "../../common/legacy.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  openBeneficiaryWrap,
} from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { mailsTo, portalClient } from "../../test/factories/release.js";
import { buildAcceptedVerifier, buildVerifierSession } from "../../test/factories/verifiers.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestClient as Client,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes } from "../../test/vault-crypto.js";
import { createOffsetClock } from "../clock.js";
import { auditLog, releaseEvidence } from "../db/schema/index.js";

/**
 * Final wishes opened at a confirmed death (docs/decisions/097): k verifiers (or the firm's
 * attestation) open them to their people during the wait, through the portal, with the wrap the
 * owner's browser made; a cancel closes them again; one verifier alone opens nothing.
 */
let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const content: WishesContent = {
  disposition: "burial",
  organDonation: "no",
  place: "St Mary's churchyard, beside Dad",
  ceremony: "Church of England, short",
  music: "Abide with me",
  readings: "",
  callFirst: "Jo, 07700 900123",
  decider: "Jo",
  other: "",
};

/** An owner whose final wishes are left to `heir` (with a wrap), and a note left to `other`. */
async function ownerWithWishes(owner: { client: Client }, opensAtReport: boolean) {
  const dk = await dataKeyOf(owner.client);
  const heir = uniqueEmail("heir");
  const other = uniqueEmail("other");
  const wishes = await buildAsset(owner.client, {
    type: "wishes",
    title: "Final wishes",
    content,
    beneficiaryEmails: [heir],
    dataKey: dk,
  });
  const note = await buildAsset(owner.client, {
    type: "note",
    content: { text: "later" },
    beneficiaryEmails: [other],
    dataKey: dk,
  });
  const key = await createBeneficiaryKey(owner.client, dk, { email: heir, items: [wishes] });
  await createBeneficiaryKey(owner.client, dk, { email: other, items: [note] });
  const put = await owner.client.request("PUT", `/api/wishes/${wishes.id}`, { opensAtReport });
  expect(put.status).toBe(200);
  return { heir, other, wishes, note, key };
}

const subjects = async (to: string) => (await mailsTo(ctx, to)).map((m) => m.subject);
const evidenceKinds = async (ownerId: string) =>
  (
    await ctx.services.deps.db
      .select({ kind: releaseEvidence.kind })
      .from(releaseEvidence)
      .where(eq(releaseEvidence.ownerId, ownerId))
  ).map((r) => r.kind);

async function ownerWithTwoVerifiers() {
  const owner = await buildUser(ctx, { name: "Olive Owner" });
  const anna = await buildAcceptedVerifier(ctx, owner.client, "Anna Smith");
  const ben = await buildAcceptedVerifier(ctx, owner.client, "Ben Jones");
  const k = await owner.client.request("PUT", "/api/verifiers/threshold", { threshold: 2 });
  expect(k.status).toBe(200);
  return { owner, anna, ben };
}

/** A verifier reports the owner's death. */
async function reportBy(v: { email: string; id: string }) {
  const a = await buildVerifierSession(ctx, v.email);
  const made = await a.browser.post("/api/verifier/report/make", {
    session: a.session,
    verifierId: v.id,
    kind: "death",
  });
  expect(made.status).toBe(200);
}

/** Another verifier confirms the open report. */
async function confirmBy(v: { email: string; id: string }) {
  const b = await buildVerifierSession(ctx, v.email);
  const reportId = (await b.desk()).body.roles[0]?.report?.id ?? "";
  const confirmed = await b.browser.post("/api/verifier/report/confirm", {
    session: b.session,
    verifierId: v.id,
    reportId,
  });
  expect(confirmed.status).toBe(200);
}

describe("final wishes at a confirmed death", () => {
  it("k = 2: one report opens nothing; the k-th opens them to their people; a cancel closes them", async () => {
    const { owner, anna, ben } = await ownerWithTwoVerifiers();
    const { heir, other, wishes, note, key } = await ownerWithWishes(owner, true);

    await reportBy(anna);
    // one verifier alone: nothing is e-mailed and the portal sends no code
    expect(await subjects(heir)).toEqual([]);
    expect((await new TestClient(ctx).post("/api/legacy/code", { email: heir })).status).toBe(200);
    expect(await subjects(heir)).toEqual([]);

    await confirmBy(ben);

    expect(await subjects(heir)).toEqual(["Olive Owner's wishes for their funeral"]);
    const mail = (await mailsTo(ctx, heir))[0];
    expect(mail?.text).not.toContain("Abide");
    expect(await subjects(other)).toEqual([]);

    const portal = await portalClient(ctx, heir);
    const list = await portal.json<EarlyWishesView>("GET", "/api/legacy/wishes");
    expect(list.status).toBe(200);
    expect(list.body.wishes.map((w) => [w.id, w.ownerName])).toEqual([[wishes.id, "Olive Owner"]]);
    const got = await portal.json<{ item: EarlyWishesDetail }>(
      "GET",
      `/api/legacy/wishes/${wishes.id}`,
    );
    expect(got.status).toBe(200);
    const raw = await portal.request("GET", `/api/legacy/wishes/${wishes.id}`);
    expect(raw.headers.get("cache-control")).toBe("no-store");
    if (got.body.item.key.kind !== "beneficiary-key") throw new Error("not a beneficiary key");
    const ck = await openBeneficiaryWrap({
      serverShare: got.body.item.key.serverShare,
      accessKey: key.accessKey,
      assetId: wishes.id,
      wrappedKey: got.body.item.key.wrappedKey,
    });
    const opened = await decryptBytes(ck, Buffer.from(got.body.item.encryptedData, "base64"));
    expect(JSON.parse(opened.toString())).toEqual(content);
    // nothing else opens before the release: not the wishes as a released item, not the note
    expect((await portal.request("GET", `/api/legacy/items/${wishes.id}`)).status).toBe(404);
    expect((await portal.request("GET", `/api/legacy/wishes/${note.id}`)).status).toBe(404);
    expect((await new TestClient(ctx).post("/api/legacy/code", { email: other })).status).toBe(200);
    expect(await subjects(other)).toEqual([]);

    expect(await evidenceKinds(owner.id)).toEqual(
      expect.arrayContaining(["release_started", "wishes_opened", "wishes_read"]),
    );
    const audits = await ctx.services.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, wishes.id), like(auditLog.action, "wishes.%")));
    expect(audits.map((a) => a.action).sort()).toEqual([
      "wishes.opened_at_report",
      "wishes.opens_at_report",
      "wishes.read_early",
      "wishes.read_early", // each read: the page and the header check
    ]);

    // the owner is alive and cancels: the wishes are closed again, and their people told
    expect((await owner.client.request("POST", "/api/release/cancel")).status).toBe(200);
    expect((await portal.request("GET", `/api/legacy/wishes/${wishes.id}`)).status).toBe(404);
    expect((await portal.json<EarlyWishesView>("GET", "/api/legacy/wishes")).body.wishes).toEqual(
      [],
    );
    expect((await subjects(heir)).at(-1)).toBe(
      "About Olive Owner: the earlier message was stopped",
    );
    expect(await evidenceKinds(owner.id)).toContain("wishes_closed");
  });

  it("not chosen: a confirmed death opens nothing early", async () => {
    const owner = await buildUser(ctx, { name: "Pat Owner" });
    const anna = await buildAcceptedVerifier(ctx, owner.client, "Anna Smith");
    const { heir } = await ownerWithWishes(owner, false);
    await reportBy(anna); // k = 1: the report starts the wait
    expect((await owner.client.json<{ state: string }>("GET", "/api/release")).body.state).toBe(
      "waiting",
    );
    expect(await subjects(heir)).toEqual([]);
    expect((await new TestClient(ctx).post("/api/legacy/code", { email: heir })).status).toBe(200);
    expect(await subjects(heir)).toEqual([]);
    expect(await evidenceKinds(owner.id)).not.toContain("wishes_opened");
  });

  it("the firm's attestation opens them too; someone else cannot read them", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Rita Client");
    const { heir, wishes } = await ownerWithWishes(owner, true);
    const attested = await firm.admin.request("POST", `/api/clients/${owner.id}/release`, {
      attesterName: "Ada Admin",
      eventDate: "2026-11-01",
    });
    expect(attested.status).toBe(201);
    const mail = (await mailsTo(ctx, heir))[0];
    expect(mail?.text).toContain("Rita Client's law firm");
    expect(
      (await (await portalClient(ctx, heir)).request("GET", `/api/legacy/wishes/${wishes.id}`))
        .status,
    ).toBe(200);

    // another owner's heir, with wishes of their own open, reads neither these nor a made-up id
    const { owner: olive, anna, ben } = await ownerWithTwoVerifiers();
    const { heir: otherHeir, wishes: oliveWishes } = await ownerWithWishes(olive, true);
    await reportBy(anna);
    await confirmBy(ben);
    const stranger = await portalClient(ctx, otherHeir);
    expect((await stranger.request("GET", `/api/legacy/wishes/${oliveWishes.id}`)).status).toBe(
      200,
    );
    for (const id of [wishes.id, randomUUID()])
      expect((await stranger.request("GET", `/api/legacy/wishes/${id}`)).status).toBe(404);
    expect(
      (await stranger.json<EarlyWishesView>("GET", "/api/legacy/wishes")).body.wishes.map(
        (w) => w.id,
      ),
    ).toEqual([oliveWishes.id]);
    // nobody proven: 401; the owner's firm admin and the owner, signed in, are not the heir: 404
    expect(
      (await new TestClient(ctx).request("GET", `/api/legacy/wishes/${wishes.id}`)).status,
    ).toBe(401);
    for (const signedIn of [firm.admin, owner.client])
      expect((await signedIn.request("GET", `/api/legacy/wishes/${wishes.id}`)).status).toBe(404);
  });
});
