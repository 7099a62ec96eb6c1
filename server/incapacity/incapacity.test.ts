import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  INCAPACITY_MSG,
  type CareItemDetail,
  type CareView,
  type IncapacityView,
} from "../../common/incapacity.js";
import type { VerifiersView } from "../../common/verifiers.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  openBeneficiaryWrap,
  wrapForBeneficiary,
} from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { DAY_MS, advance, mailsTo, portalClient } from "../../test/factories/release.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes, openTitle } from "../../test/vault-crypto.js";
import { createOffsetClock } from "../clock.js";
import { asSystem, withActor } from "../db/actor.js";
import {
  auditLog,
  incapacityItems,
  incapacityPlans,
  incapacityScopes,
  releaseEvidence,
} from "../db/schema/index.js";
import { runDueTimers } from "../release/timers.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

async function mailedCode(to: string) {
  const code = (await lastMailTo(ctx, to)).text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** A person verifier of `owner`, accepted through the invitation link and code (k stays 1). */
async function acceptedVerifier(owner: TestClient) {
  const email = uniqueEmail("verifier");
  const added = await owner.json<VerifiersView>("POST", "/api/verifiers", {
    kind: "person",
    name: "Anna Smith",
    email,
  });
  if (added.status !== 201) throw new Error(`add -> ${added.status}`);
  const token =
    (await linkFromMail(ctx, email, "/verifier/invite")).searchParams.get("token") ?? "";
  const browser = new TestClient(ctx);
  await browser.post("/api/verifier/code", { token });
  const code = await mailedCode(email);
  await browser.post("/api/verifier/answer", { token, code, answer: "accept" });
  return { email, id: added.body.verifiers.find((v) => v.email === email)?.id ?? "" };
}

/** The verifier reports the owner's incapacity (k = 1: the report alone starts the scope's wait). */
async function reportIncapacity(verifier: { email: string; id: string }) {
  const browser = new TestClient(ctx);
  await browser.post("/api/verifier/report/code", { email: verifier.email });
  const code = await mailedCode(verifier.email);
  const signed = await browser.json<{ session: string }>("POST", "/api/verifier/report/sign-in", {
    email: verifier.email,
    code,
  });
  return browser.post("/api/verifier/report/make", {
    session: signed.body.session,
    verifierId: verifier.id,
    kind: "incapacity",
  });
}

/**
 * An owner with three items: `marked` for the caregiver (wrapped with the caregiver's key by the
 * owner's browser), `left` to a death beneficiary only, and `other` for nobody; a verifier; the
 * scope's settings.
 */
async function ownerWithCaregiver(name = "Olive Owner") {
  const owner = await buildUser(ctx, { name });
  const dk = await dataKeyOf(owner.client);
  const caregiver = uniqueEmail("carla");
  const heir = uniqueEmail("bea");
  const marked = await buildAsset(owner.client, { title: "Bank login", dataKey: dk });
  const left = await buildAsset(owner.client, {
    title: "Letter to Bea",
    beneficiaryEmails: [heir],
    dataKey: dk,
  });
  const other = await buildAsset(owner.client, { title: "Diary", dataKey: dk });
  const key = await createBeneficiaryKey(owner.client, dk, { email: caregiver });
  const wrappedKey = await wrapForBeneficiary(key.bk, marked.id, marked.ck);
  const mark = await owner.client.json<IncapacityView>(
    "PUT",
    `/api/incapacity/items/${marked.id}`,
    { caregivers: [{ email: caregiver, beneficiaryKeyId: key.id, wrappedKey }] },
  );
  expect(mark.status).toBe(200);
  const set = await owner.client.json("PUT", "/api/incapacity/settings", {
    waitDays: 2,
    accessDays: 30,
  });
  expect(set.status).toBe(200);
  const verifier = await acceptedVerifier(owner.client);
  return { owner, dk, caregiver, heir, key, marked, left, other, verifier };
}

type Setup = Awaited<ReturnType<typeof ownerWithCaregiver>>;

/** Reported, and the wait passed: the caregiver can read. */
async function activeCare(s: Setup) {
  expect((await reportIncapacity(s.verifier)).status).toBe(200);
  await advance(ctx, clock, 2 * DAY_MS + 60_000);
  const view = await s.owner.client.json<IncapacityView>("GET", "/api/incapacity");
  expect(view.body.scope?.status).toBe("active");
}

const care = (c: TestClient) => c.json<CareView>("GET", "/api/legacy/care");
const careItem = (c: TestClient, id: string) =>
  c.json<{ item: CareItemDetail }>("GET", `/api/legacy/care/${id}`);

async function signInAgain(email: string) {
  const again = new TestClient(ctx);
  const res = await again.json("POST", "/api/auth/sign-in/email", {
    email,
    password: GOOD_PASSWORD,
  });
  expect(res.status).toBe(200);
  return again;
}

const evidenceKinds = (ownerId: string) =>
  asSystem(ctx.services.deps.db, async (tx) =>
    (
      await tx
        .select({ kind: releaseEvidence.kind })
        .from(releaseEvidence)
        .where(eq(releaseEvidence.ownerId, ownerId))
        .orderBy(releaseEvidence.seq)
    ).map((r) => r.kind),
  );

describe("the incapacity scope", () => {
  it("a report starts its own wait; then the caregiver reads only the marked item; the owner's sign-in ends it", async () => {
    const s = await ownerWithCaregiver();
    expect((await reportIncapacity(s.verifier)).status).toBe(200);

    // the scope waits, the death plan does not start, and the owner is told how to stop it
    const waiting = (await s.owner.client.json<IncapacityView>("GET", "/api/incapacity")).body;
    expect(waiting.scope).toMatchObject({ status: "waiting", reporterName: "Anna Smith" });
    const plan = await s.owner.client.json<{ state: string }>("GET", "/api/release");
    expect(plan.body.state).not.toBe("waiting");
    expect((await lastMailTo(ctx, s.owner.email)).subject).toBe(
      "Your caregivers may soon read the items you chose",
    );
    // nothing during the wait: no code is even mailed to the caregiver
    await new TestClient(ctx).post("/api/legacy/code", { email: s.caregiver });
    expect(await mailsTo(ctx, s.caregiver)).toEqual([]);

    await advance(ctx, clock, 2 * DAY_MS + 60_000);
    const opened = await lastMailTo(ctx, s.caregiver);
    expect(opened.subject).toBe("Olive Owner asked you to look after some things");
    const active = (await s.owner.client.json<IncapacityView>("GET", "/api/incapacity")).body;
    expect(active.scope?.status).toBe("active");
    expect(Date.parse(active.scope?.endsAt ?? "")).toBeGreaterThan(
      clock.now().getTime() + 29 * DAY_MS,
    );

    const carla = await portalClient(ctx, s.caregiver);
    const list = (await care(carla)).body;
    expect(list.owners).toHaveLength(1);
    expect(list.owners[0]?.ownerName).toBe("Olive Owner");
    expect(list.owners[0]?.items.map((i) => i.id)).toEqual([s.marked.id]);

    // the caregiver's browser opens it with the access key the owner gave them
    const detail = (await careItem(carla, s.marked.id)).body.item;
    if (detail.key.kind !== "beneficiary-key") throw new Error("key kind");
    const ck = await openBeneficiaryWrap({
      serverShare: detail.key.serverShare,
      accessKey: s.key.accessKey,
      assetId: s.marked.id,
      wrappedKey: detail.key.wrappedKey,
    });
    expect(await openTitle(ck, s.marked.id, detail.encryptedTitle ?? "")).toBe("Bank login");
    const content = JSON.parse(
      (await decryptBytes(ck, Buffer.from(detail.encryptedData, "base64"))).toString("utf8"),
    );
    expect(content).toMatchObject({ username: "ada" });

    // only the marked item, read-only: not the death beneficiary's, not the unmarked one, no files
    expect((await careItem(carla, s.left.id)).status).toBe(404);
    expect((await careItem(carla, s.other.id)).status).toBe(404);
    expect((await carla.get(`/api/legacy/items/${s.marked.id}`)).status).toBe(404);
    expect((await carla.get(`/api/legacy/care/${s.marked.id}/files/document`)).status).toBe(404);

    // the owner signs in again: from that commit the caregiver's session reads nothing
    await signInAgain(s.owner.email);
    expect((await care(carla)).body.owners).toEqual([]);
    expect((await careItem(carla, s.marked.id)).status).toBe(404);
    expect((await lastMailTo(ctx, s.caregiver)).subject).toBe(
      "Your access to Olive Owner's items has ended",
    );
    const ended = (await s.owner.client.json<IncapacityView>("GET", "/api/incapacity")).body;
    expect(ended.scope).toMatchObject({ status: "ended", endedVia: "sign_in" });

    expect(await evidenceKinds(s.owner.id)).toEqual(
      expect.arrayContaining([
        "report_made",
        "incapacity_started",
        "incapacity_opened",
        "care_item_opened",
        "incapacity_ended",
      ]),
    );
    expect(await evidenceKinds(s.owner.id)).not.toContain("release_started");
    const actions = await asSystem(ctx.services.deps.db, async (tx) =>
      (
        await tx
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(eq(auditLog.ownerId, s.owner.id))
      ).map((r) => r.action),
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        "incapacity.item_marked",
        "incapacity.started",
        "incapacity.opened",
        "incapacity.item_viewed",
        "incapacity.ended",
      ]),
    );
  });

  it("the owner's withdrawal ends it; a withdrawn wait opens nothing later", async () => {
    const s = await ownerWithCaregiver();
    await activeCare(s);
    const carla = await portalClient(ctx, s.caregiver);
    expect((await careItem(carla, s.marked.id)).status).toBe(200);
    const withdrawn = await s.owner.client.json<IncapacityView>("POST", "/api/incapacity/withdraw");
    expect(withdrawn.body.scope).toMatchObject({ status: "ended", endedVia: "withdrawn" });
    expect((await careItem(carla, s.marked.id)).status).toBe(404);
    expect((await s.owner.client.post("/api/incapacity/withdraw")).status).toBe(409);

    // a second report, withdrawn during its wait: the opening timer finds it ended
    const t = await ownerWithCaregiver();
    expect((await reportIncapacity(t.verifier)).status).toBe(200);
    expect((await t.owner.client.post("/api/incapacity/withdraw")).status).toBe(200);
    await advance(ctx, clock, 3 * DAY_MS);
    expect(await mailsTo(ctx, t.caregiver)).toEqual([]);
    expect(await evidenceKinds(t.owner.id)).not.toContain("incapacity_opened");
  });

  it("access ends when the time the owner set has passed", async () => {
    const s = await ownerWithCaregiver();
    await activeCare(s);
    // a portal session lasts 8 hours: the caregiver signs in an hour before the end
    await advance(ctx, clock, 30 * DAY_MS - 3_600_000);
    const carla = await portalClient(ctx, s.caregiver);
    expect((await careItem(carla, s.marked.id)).status).toBe(200);
    await advance(ctx, clock, 2 * 3_600_000);
    expect((await careItem(carla, s.marked.id)).status).toBe(404);
    expect((await lastMailTo(ctx, s.caregiver)).subject).toBe(
      "Your access to Olive Owner's items has ended",
    );
    expect((await care(carla)).body.owners).toEqual([]);
    const view = (await s.owner.client.json<IncapacityView>("GET", "/api/incapacity")).body;
    expect(view.scope).toMatchObject({ status: "ended", endedVia: "expired" });
  });

  it("someone else cannot: another plan's caregiver, a death beneficiary, another firm's admin, the signed-out", async () => {
    const s = await ownerWithCaregiver();
    const t = await ownerWithCaregiver("Tom Other");
    await activeCare(s);
    await activeCare(t);

    // another plan's caregiver reads their own owner's item, never this one
    const dan = await portalClient(ctx, t.caregiver);
    expect((await care(dan)).body.owners.map((o) => o.ownerName)).toEqual(["Tom Other"]);
    expect((await careItem(dan, s.marked.id)).status).toBe(404);

    // a death-scope beneficiary who is not a caregiver (signed in with a confirmed address)
    const bea = await buildUser(ctx, { email: s.heir });
    expect((await care(bea.client)).body.owners).toEqual([]);
    expect((await careItem(bea.client, s.marked.id)).status).toBe(404);
    expect((await careItem(bea.client, s.left.id)).status).toBe(404);

    // another firm's admin: nothing to read, nothing of this owner to mark or withdraw
    const firm = await buildFirm(ctx);
    expect((await careItem(firm.admin, s.marked.id)).status).toBe(404);
    const theirs = await firm.admin.json<IncapacityView>("GET", "/api/incapacity");
    expect(theirs.body).toMatchObject({ items: [], scope: null });
    const steal = await firm.admin.json("PUT", `/api/incapacity/items/${s.marked.id}`, {
      caregivers: [],
    });
    expect(steal.status).toBe(404);
    expect((await firm.admin.post("/api/incapacity/withdraw")).status).toBe(409);
    expect((await careItem(dan, s.marked.id)).status).toBe(404);

    // signed out
    const anon = new TestClient(ctx);
    expect((await anon.get("/api/incapacity")).status).toBe(401);
    expect((await anon.get("/api/legacy/care")).status).toBe(401);
    expect((await anon.get(`/api/legacy/care/${s.marked.id}`)).status).toBe(401);

    // the owner cannot mark an item with another owner's key, nor for an address the key is not for
    const wrappedKey = await wrapForBeneficiary(t.key.bk, s.other.id, s.other.ck);
    const foreign = await s.owner.client.json("PUT", `/api/incapacity/items/${s.other.id}`, {
      caregivers: [{ email: t.caregiver, beneficiaryKeyId: t.key.id, wrappedKey }],
    });
    expect(foreign.status).toBe(400);
    const mismatched = await s.owner.client.json("PUT", `/api/incapacity/items/${s.other.id}`, {
      caregivers: [{ email: s.heir, beneficiaryKeyId: s.key.id, wrappedKey }],
    });
    expect(mismatched.status).toBe(400);
    // documents are not shared with caregivers
    const doc = await buildAsset(s.owner.client, { type: "document", dataKey: s.dk, content: {} });
    const docWrap = await wrapForBeneficiary(s.key.bk, doc.id, doc.ck);
    const docMark = await s.owner.client.json("PUT", `/api/incapacity/items/${doc.id}`, {
      caregivers: [{ email: s.caregiver, beneficiaryKeyId: s.key.id, wrappedKey: docWrap }],
    });
    expect(docMark.status).toBe(400);
    // nor a message for later, which waits for its own day (decision 089)
    const letter = await buildAsset(s.owner.client, {
      type: "message",
      dataKey: s.dk,
      content: {},
    });
    const letterWrap = await wrapForBeneficiary(s.key.bk, letter.id, letter.ck);
    const letterMark = await s.owner.client.json("PUT", `/api/incapacity/items/${letter.id}`, {
      caregivers: [{ email: s.caregiver, beneficiaryKeyId: s.key.id, wrappedKey: letterWrap }],
    });
    expect(letterMark.status).toBe(400);
    expect(letterMark.body).toMatchObject({ error: { message: INCAPACITY_MSG.noMessages } });
    // all of it left this owner's caregiver untouched
    const carla = await portalClient(ctx, s.caregiver);
    expect((await careItem(carla, s.marked.id)).status).toBe(200);
  });

  it("each timer is claimed once: two sweeps at once open the scope once", async () => {
    const s = await ownerWithCaregiver();
    expect((await reportIncapacity(s.verifier)).status).toBe(200);
    clock.advance(2 * DAY_MS + 60_000);
    const deps = ctx.services.deps;
    await Promise.all([runDueTimers(deps), runDueTimers(deps)]);
    const kinds = await evidenceKinds(s.owner.id);
    expect(kinds.filter((k) => k === "incapacity_opened")).toHaveLength(1);
    const opened = (await mailsTo(ctx, s.caregiver)).filter((m) =>
      m.subject.includes("look after"),
    );
    expect(opened).toHaveLength(1);
    const scopes = await asSystem(deps.db, (tx) =>
      tx
        .select()
        .from(incapacityScopes)
        .where(and(eq(incapacityScopes.ownerId, s.owner.id))),
    );
    expect(scopes.map((x) => x.status)).toEqual(["active"]);
  });

  it("the death plan's release ends a caregiver's access", async () => {
    const s = await ownerWithCaregiver();
    await activeCare(s);
    // a death report by the same verifier (k = 1) starts the death plan's own wait
    const browser = new TestClient(ctx);
    await browser.post("/api/verifier/report/code", { email: s.verifier.email });
    const code = await mailedCode(s.verifier.email);
    const signed = await browser.json<{ session: string }>("POST", "/api/verifier/report/sign-in", {
      email: s.verifier.email,
      code,
    });
    const made = await browser.post("/api/verifier/report/make", {
      session: signed.body.session,
      verifierId: s.verifier.id,
      kind: "death",
    });
    expect(made.status).toBe(200);
    const during = (await s.owner.client.json<IncapacityView>("GET", "/api/incapacity")).body;
    expect(during.scope?.status).toBe("active");
    await advance(ctx, clock, 8 * DAY_MS);
    const plan = await s.owner.client.json<{ state: string }>("GET", "/api/release");
    expect(plan.body.state).toBe("released");
    const after = (await s.owner.client.json<IncapacityView>("GET", "/api/incapacity")).body;
    expect(after.scope).toMatchObject({ status: "ended", endedVia: "released" });
    const carla = await portalClient(ctx, s.caregiver).catch(() => null);
    // nothing was left to Carla at death and her care has ended: no code, no session
    expect(carla).toBeNull();
  });

  it("row-level security: the owner reads their own rows; another user reads and writes none", async () => {
    const s = await ownerWithCaregiver();
    expect((await reportIncapacity(s.verifier)).status).toBe(200);
    const stranger = await buildUser(ctx);
    const seen = (userId: string) =>
      withActor(ctx.services.deps.db, { userId }, async (tx) => ({
        plans: (
          await tx.select().from(incapacityPlans).where(eq(incapacityPlans.ownerId, s.owner.id))
        ).length,
        items: (
          await tx.select().from(incapacityItems).where(eq(incapacityItems.ownerId, s.owner.id))
        ).length,
        scopes: (
          await tx.select().from(incapacityScopes).where(eq(incapacityScopes.ownerId, s.owner.id))
        ).length,
      }));
    expect(await seen(s.owner.id)).toEqual({ plans: 1, items: 1, scopes: 1 });
    expect(await seen(stranger.id)).toEqual({ plans: 0, items: 0, scopes: 0 });
    await expect(
      withActor(ctx.services.deps.db, { userId: stranger.id }, (tx) =>
        tx.insert(incapacityItems).values({
          assetId: s.other.id,
          ownerId: s.owner.id,
          email: s.caregiver,
          beneficiaryKeyId: s.key.id,
          wrappedKey: Buffer.alloc(40),
        }),
      ),
    ).rejects.toThrow();
    // the owner cannot move their own scope on: it is the system's
    await expect(
      withActor(ctx.services.deps.db, { userId: s.owner.id }, (tx) =>
        tx
          .update(incapacityScopes)
          .set({ status: "active" })
          .where(eq(incapacityScopes.ownerId, s.owner.id)),
      ),
    ).rejects.toThrow();
  });
});
