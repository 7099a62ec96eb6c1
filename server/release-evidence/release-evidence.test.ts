import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EvidenceFile, EvidencePublicKey } from "../../common/release-evidence.js";
import { verifyEvidenceFile } from "../../common/release-evidence-verify.js";
import type { LegacyItemsView } from "../../common/legacy.js";
import type { ClientReleaseView } from "../../common/release.js";
import { nodeEvidenceCrypto } from "../../scripts/evidence-crypto.js";
import { buildAsset } from "../../test/factories/assets.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { DAY_MS, advance, portalClient } from "../../test/factories/release.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";
import { asSystem, withActor } from "../db/actor.js";
import { auditLog, releaseEvidence } from "../db/schema/index.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const publicKey = async () =>
  (await new TestClient(ctx).json<EvidencePublicKey>("GET", "/api/release-evidence/public-key"))
    .body;
const verify = async (file: unknown) =>
  verifyEvidenceFile(file, { crypto: nodeEvidenceCrypto, publicKey: await publicKey() });
const kinds = (file: EvidenceFile) => file.entries.map((e) => e.entry?.kind ?? "-");

/** A firm's client with one item for `heirA` and one for `heirB`, released by the firm admin's attestation. */
async function releasedClient() {
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const heirA = uniqueEmail("heir-a");
  const heirB = uniqueEmail("heir-b");
  const forA = await buildAsset(owner.client, { title: "Bank", beneficiaryEmails: [heirA] });
  const forB = await buildAsset(owner.client, { title: "Letter", beneficiaryEmails: [heirB] });
  await owner.client.json("PUT", "/api/release/plan", { inactivityMonths: 12, waitDays: 7 });
  const attested = await firm.admin.json("POST", `/api/clients/${owner.id}/release`, {
    attesterName: "Ada Admin",
    eventDate: clock.now().toISOString().slice(0, 10),
  });
  expect(attested.status).toBe(201);
  await advance(ctx, clock, 8 * DAY_MS);
  const portalA = await portalClient(ctx, heirA);
  expect((await portalA.json("GET", `/api/legacy/items/${forA.id}`)).status).toBe(200);
  expect((await portalA.json("GET", `/api/legacy/items/${forA.id}`)).status).toBe(200);
  return { firm, owner, heirA, heirB, forA, forB, portalA };
}

const firmFile = (admin: TestClient, clientId: string) =>
  admin.json<EvidenceFile>("GET", `/api/clients/${clientId}/release-evidence`);
const beneficiaryFile = (portal: TestClient, itemId: string) =>
  portal.json<EvidenceFile>("GET", `/api/legacy/items/${itemId}/release-evidence`);

describe("the release evidence log", () => {
  it("publishes the server's Ed25519 public key as a JWK, to anyone", async () => {
    const key = await publicKey();
    expect(key.jwk).toMatchObject({ kty: "OKP", crv: "Ed25519" });
    expect(key.jwk.x).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key.keyId).toMatch(/^[0-9a-f]{64}$/);
  });

  it("records every step of an attested release in one chain the firm admin downloads whole and intact", async () => {
    const { firm, owner, heirA, forA, forB } = await releasedClient();
    const response = await firm.admin.get(`/api/clients/${owner.id}/release-evidence`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
    const file = (await response.json()) as EvidenceFile;
    expect(kinds(file)).toEqual([
      "plan_saved",
      "attested",
      "release_started",
      "wait_reminder_sent",
      "released",
      "released_to",
      "released_to",
      "access_opened",
      "item_opened",
      "item_opened",
    ]);
    expect(await verify(file)).toMatchObject({ isIntact: true, entries: 10 });
    const audited = await asSystem(ctx.services.deps.db, (tx) =>
      tx
        .select({ actorId: auditLog.actorId, details: auditLog.details })
        .from(auditLog)
        .where(
          and(eq(auditLog.action, "release_evidence.downloaded"), eq(auditLog.ownerId, owner.id)),
        ),
    );
    expect(audited).toEqual([{ actorId: firm.adminId, details: { party: "firm", entries: 10 } }]);
    expect(file.certificate).toMatchObject({
      for: { type: "firm", firmId: firm.firmId, firmName: firm.firmName },
      owner: { id: owner.id, name: "Olga Owner" },
      release: { status: "released", trigger: "attestation" },
      range: { first: 1, last: 10 },
    });
    const attested = file.entries[1]?.entry;
    expect(attested).toMatchObject({
      actor: { type: "firm_admin", userId: firm.adminId, firmId: firm.firmId, name: "Ada Admin" },
      data: { attesterName: "Ada Admin" },
    });
    const releasedToA = file.entries.find(
      (e) => e.entry?.kind === "released_to" && e.entry.data.beneficiary === heirA,
    );
    expect(releasedToA?.entry?.data.items).toEqual([forA.id]);
    expect(file.entries.at(-1)?.entry?.data).toEqual({ assetId: forA.id, beneficiary: heirA });
    // no title, no key: only ids, dates, counts and names
    const text = JSON.stringify(file);
    for (const secret of ["Bank", "Letter", forB.ck, forA.ck]) expect(text).not.toContain(secret);
  });

  it("gives each beneficiary their own entries and the release's, the others only as links, signed for them", async () => {
    const { owner, heirA, heirB, forA, forB, portalA, firm } = await releasedClient();
    const fileA = (await beneficiaryFile(portalA, forA.id)).body;
    expect(fileA.certificate.for).toEqual({ type: "beneficiary", email: heirA });
    expect(kinds(fileA)).toEqual([
      "-",
      "attested",
      "release_started",
      "-",
      "released",
      "released_to",
      "-",
      "access_opened",
      "item_opened",
      "item_opened",
    ]);
    expect(JSON.stringify(fileA)).not.toContain(heirB);
    expect(await verify(fileA)).toMatchObject({ isIntact: true });

    const portalB = await portalClient(ctx, heirB);
    const fileB = (await beneficiaryFile(portalB, forB.id)).body;
    expect(kinds(fileB).filter((k) => k !== "-")).toEqual([
      "attested",
      "release_started",
      "released",
      "released_to",
      "access_opened",
    ]);
    expect(JSON.stringify(fileB)).not.toContain(heirA);
    expect(await verify(fileB)).toMatchObject({ isIntact: true });
    // B's portal access came after A's download: the firm's file now has one entry more, the same chain
    const later = (await firmFile(firm.admin, owner.id)).body;
    expect(later.entries.slice(0, 10).map((e) => e.hash)).toEqual(fileA.entries.map((e) => e.hash));
  });

  it("records reminders, a check-in and a cancel of the inactivity trigger", async () => {
    const owner = await buildUser(ctx);
    await owner.client.json("PUT", "/api/release/plan", { inactivityMonths: 3, waitDays: 1 });
    const endsAt = new Date(
      (await owner.client.json<{ plan: { inactivityEndsAt: string } }>("GET", "/api/release")).body
        .plan.inactivityEndsAt,
    ).getTime();
    await advance(ctx, clock, endsAt - clock.now().getTime() + 1000);
    expect((await owner.client.json("POST", "/api/release/cancel")).status).toBe(200);
    const rows = await asSystem(ctx.services.deps.db, (tx) =>
      tx
        .select({ kind: releaseEvidence.kind, entry: releaseEvidence.entry })
        .from(releaseEvidence)
        .where(eq(releaseEvidence.ownerId, owner.id))
        .orderBy(releaseEvidence.seq),
    );
    expect(rows.map((r) => r.kind)).toEqual([
      "plan_saved",
      "reminder_sent",
      "reminder_sent",
      "reminder_sent",
      "release_started",
      "release_cancelled",
      "checked_in",
    ]);
    expect(JSON.parse(rows[5]?.entry ?? "{}")).toMatchObject({
      actor: { type: "owner", userId: owner.id, via: "owner" },
    });
  });
});

describe("someone else cannot download a release's evidence", () => {
  it("answers 404 to everyone but the client's own firm admin, and 401 to nobody signed in", async () => {
    // another owner's release with another beneficiary; each release moves the clock past the
    // portal sessions (8 hours) of the one before, so both sign in again afterwards
    const another = await releasedClient();
    const { firm, owner, heirA, forA, forB } = await releasedClient();
    const portalA = await portalClient(ctx, heirA);
    const anotherPortal = await portalClient(ctx, another.heirA);
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
    const other = await buildFirm(ctx);
    const stranger = await buildUser(ctx);
    const notYetReleased = await buildInvitedMember(ctx, firm.admin, "regular_user");
    for (const [who, client] of [
      ["staff of the firm", staff.client],
      ["another firm's admin", other.admin],
      ["the owner", owner.client],
      ["a stranger", stranger.client],
    ] as const)
      expect((await firmFile(client, owner.id)).status, who).toBe(404);
    const canDownload = async (client: TestClient, clientId: string) =>
      (await client.json<ClientReleaseView>("GET", `/api/clients/${clientId}/release`)).body
        .canDownloadEvidence;
    expect(await canDownload(firm.admin, owner.id)).toBe(true);
    expect(await canDownload(staff.client, owner.id)).toBe(false);
    expect(await canDownload(firm.admin, notYetReleased.id)).toBe(false);
    expect((await firmFile(firm.admin, owner.id)).status).toBe(200);
    expect((await firmFile(firm.admin, staff.id)).status).toBe(404);
    expect((await firmFile(firm.admin, notYetReleased.id)).status).toBe(404);
    expect((await firmFile(other.admin, stranger.id)).status).toBe(404);
    expect((await firmFile(new TestClient(ctx), owner.id)).status).toBe(401);
    expect((await firmFile(portalA, owner.id)).status).toBe(401); // a beneficiary has no account

    // a beneficiary: only for an item released to them
    expect((await beneficiaryFile(portalA, forA.id)).status).toBe(200);
    expect((await beneficiaryFile(portalA, forB.id)).status).toBe(404);
    expect((await beneficiaryFile(portalA, another.forA.id)).status).toBe(404);
    expect((await beneficiaryFile(anotherPortal, forA.id)).status).toBe(404);
    // an account with a confirmed address is a beneficiary of what was left to that address: nothing here
    expect((await beneficiaryFile(firm.admin, forA.id)).status).toBe(404);
    expect((await beneficiaryFile(new TestClient(ctx), forA.id)).status).toBe(401);
    const items = await portalA.json<LegacyItemsView>("GET", "/api/legacy/items");
    expect(items.body.items.map((i) => i.id)).toEqual([forA.id]);
  });
});

describe("the table is append-only", () => {
  it("lv_app reads its own and its firm's entries only, adds none to another's chain, and changes or removes none", async () => {
    const { firm, owner } = await releasedClient();
    const stranger = await buildUser(ctx);
    const db = ctx.services.deps.db;
    const seen = (userId: string) =>
      withActor(
        db,
        { userId },
        async (tx) =>
          (
            await tx
              .select({ seq: releaseEvidence.seq })
              .from(releaseEvidence)
              .where(eq(releaseEvidence.ownerId, owner.id))
          ).length,
      );
    expect(await seen(owner.id)).toBe(10);
    expect(await seen(firm.adminId)).toBe(10);
    expect(await seen(stranger.id)).toBe(0);

    const attempts = {
      update: () =>
        tx0((tx) =>
          tx.execute(sql`update release_evidence set kind = 'x' where owner_id = ${owner.id}`),
        ),
      delete: () =>
        tx0((tx) => tx.execute(sql`delete from release_evidence where owner_id = ${owner.id}`)),
      insert: () =>
        asStranger((tx) =>
          tx.insert(releaseEvidence).values({
            ownerId: owner.id,
            seq: 99,
            kind: "released",
            at: new Date(),
            entry: "{}",
            prevHash: "0".repeat(64),
            hash: "0".repeat(64),
          }),
        ),
    };
    const tx0 = (fn: Parameters<typeof withActor>[2]) => withActor(db, { userId: owner.id }, fn);
    const asStranger = (fn: Parameters<typeof withActor>[2]) =>
      withActor(db, { userId: stranger.id }, fn);
    for (const [what, attempt] of Object.entries(attempts))
      await expect(attempt(), what).rejects.toThrow();
    // even the system (the tables' owner) cannot change or remove an entry while its owner exists
    await expect(
      asSystem(db, (tx) =>
        tx.execute(sql`update release_evidence set kind = 'x' where owner_id = ${owner.id}`),
      ),
    ).rejects.toThrow();
    await expect(
      asSystem(db, (tx) =>
        tx.execute(sql`delete from release_evidence where owner_id = ${owner.id}`),
      ),
    ).rejects.toThrow();
    expect(await seen(owner.id)).toBe(10);

    // the erasure of the owner's account takes the chain with it (the cascade passes the trigger)
    await asSystem(db, (tx) => tx.execute(sql`delete from "user" where id = ${owner.id}`));
    const left = await asSystem(db, (tx) =>
      tx.select().from(releaseEvidence).where(eq(releaseEvidence.ownerId, owner.id)),
    );
    expect(left).toEqual([]);
  });
});
