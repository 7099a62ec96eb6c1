import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure } from "../../test/db-errors.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { buildAsset, putFile } from "../../test/factories/assets.js";
import {
  buildUser,
  createTestContext,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { withActor } from "../db/actor.js";
import type { Db } from "../db/client.js";
import { assetFileChunks, assetFiles, assets, beneficiaries } from "../db/schema/index.js";

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.services.deps.db;
});
afterAll(() => ctx.close());

/** A sealed title of the right shape that nobody's key opens. */
const HIJACKED_TITLE = Buffer.alloc(40).toString("base64");

/** An owner with a note (with an attachment) and a beneficiary. */
async function buildOwnerWithVault(client: TestClient) {
  const note = await buildAsset(client, {
    type: "note",
    title: "Owner's note",
    content: { text: "private" },
  });
  const put = await putFile(client, {
    assetId: note.id,
    kind: "attachment",
    body: randomBytes(64),
    headers: { "x-content-type": "application/pdf" },
  });
  if (put.status !== 200) throw new Error(`upload failed: ${put.status}`);
  const b = await client.json<{ beneficiary: { id: string } }>("POST", "/api/beneficiaries", {
    name: "Heir",
    email: "heir@example.com",
  });
  return { assetId: note.id, beneficiaryId: b.body.beneficiary.id };
}

/** Every verb on someone else's vault answers 404, exactly like a missing record, and changes nothing. */
async function expectNoAccess(
  stranger: TestClient,
  owner: TestClient,
  ids: { assetId: string; beneficiaryId: string },
) {
  const { assetId, beneficiaryId } = ids;
  const missing = randomUUID();
  for (const id of [assetId, missing]) {
    const got = await stranger.request("GET", `/api/assets/${id}`);
    expect(got.status).toBe(404);
    expect(await got.json()).toEqual({
      error: {
        code: "NOT_FOUND",
        message: "Not found",
        requestId: got.headers.get("x-request-id"),
      },
    });
    expect(
      (
        await stranger.request("PATCH", `/api/assets/${id}`, {
          encryptedTitle: HIJACKED_TITLE,
          beneficiaryEmails: ["thief@example.com"],
        })
      ).status,
    ).toBe(404);
    expect((await stranger.request("DELETE", `/api/assets/${id}`)).status).toBe(404);
    expect(
      (await stranger.request("PATCH", `/api/assets/${id}/favorite`, { isFavorite: true })).status,
    ).toBe(404);
    expect((await stranger.request("POST", `/api/assets/${id}/used`)).status).toBe(404);
    expect((await stranger.request("GET", `/api/assets/${id}/files/attachment`)).status).toBe(404);
    expect(
      (
        await putFile(stranger, {
          assetId: id,
          kind: "attachment",
          body: randomBytes(64),
          headers: { "x-content-type": "application/pdf" },
        })
      ).status,
    ).toBe(404);
    expect((await stranger.request("DELETE", `/api/assets/${id}/files/attachment`)).status).toBe(
      404,
    );
  }
  for (const id of [beneficiaryId, missing]) {
    expect((await stranger.request("GET", `/api/beneficiaries/${id}`)).status).toBe(404);
    expect(
      (await stranger.request("PATCH", `/api/beneficiaries/${id}`, { name: "Hijacked" })).status,
    ).toBe(404);
    expect((await stranger.request("DELETE", `/api/beneficiaries/${id}`)).status).toBe(404);
  }
  const lists = [
    await stranger.json<{ assets: { id: string }[] }>("GET", "/api/assets"),
    await stranger.json<{ contents: { id: string }[] }>("GET", "/api/assets/contents"),
    await stranger.json<{ beneficiaries: { id: string }[] }>("GET", "/api/beneficiaries"),
  ];
  expect(JSON.stringify(lists)).not.toContain(assetId);
  expect(JSON.stringify(lists)).not.toContain(beneficiaryId);

  const mine = await owner.json<{
    asset: {
      title: string | null;
      encryptedTitle: string;
      beneficiaryEmails: string[];
      files: unknown[];
    };
  }>("GET", `/api/assets/${assetId}`);
  expect(mine.body.asset.encryptedTitle).not.toBe(HIJACKED_TITLE);
  expect(mine.body.asset).toMatchObject({
    title: null,
    beneficiaryEmails: [],
    isFavorite: false,
    lastUsedAt: null,
  });
  expect(mine.body.asset.files).toHaveLength(1);
  expect(
    (
      await owner.json<{ beneficiary: { name: string } }>(
        "GET",
        `/api/beneficiaries/${beneficiaryId}`,
      )
    ).body.beneficiary.name,
  ).toBe("Heir");
}

describe("nobody but the owner reaches a vault", () => {
  it("another user gets 404 on every verb of the owner's assets, files and beneficiaries", async () => {
    const owner = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    await expectNoAccess(stranger.client, owner.client, await buildOwnerWithVault(owner.client));
  });

  it("the admin and staff of the owner's own firm cannot read, change or delete any of it", async () => {
    const { admin } = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, admin, "firm_staff");
    const client = await buildInvitedMember(ctx, admin, "regular_user");
    const ids = await buildOwnerWithVault(client.client);
    await expectNoAccess(admin, client.client, ids);
    await expectNoAccess(staff.client, client.client, ids);
    const profile = await admin.json("GET", `/api/clients/${client.id}`);
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.body)).not.toContain(ids.assetId);
    const dashboard = await admin.json<{ counts: Record<string, number>; beneficiaries: number }>(
      "GET",
      "/api/dashboard",
    );
    expect(dashboard.body).toMatchObject({
      counts: { password: 0, document: 0, note: 0 },
      beneficiaries: 0,
    });
  });
});

describe("row-level security alone hides other users' vaults", () => {
  it("queries with no where clause under an actor return only the actor's assets, files and beneficiaries", async () => {
    const alice = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const a = await buildOwnerWithVault(alice.client);
    await buildOwnerWithVault(bob.client);
    const seen = await withActor(db, { userId: alice.id }, async (tx) => ({
      assets: await tx.select({ id: assets.id, userId: assets.userId }).from(assets),
      files: await tx.select({ assetId: assetFiles.assetId }).from(assetFiles),
      chunks: await tx.selectDistinct({ assetId: assetFileChunks.assetId }).from(assetFileChunks),
      beneficiaries: await tx.select({ id: beneficiaries.id }).from(beneficiaries),
    }));
    expect(seen.assets).toEqual([{ id: a.assetId, userId: alice.id }]);
    expect(seen.files).toEqual([{ assetId: a.assetId }]);
    // FILE_STORE=s3 (docs/decisions/090): the bytes are in the bucket, none in the table
    expect(seen.chunks).toEqual(ctx.services.deps.files.isS3 ? [] : [{ assetId: a.assetId }]);
    expect(seen.beneficiaries).toEqual([{ id: a.beneficiaryId }]);
    const total = await db.select({ n: sql<number>`count(*)::int` }).from(assets);
    expect(total[0]?.n).toBeGreaterThanOrEqual(2);
  });

  it("an actor cannot write into another user's vault, nor set release fields on their own", async () => {
    const alice = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const b = await buildOwnerWithVault(bob.client);
    const asAlice = <T>(fn: Parameters<typeof withActor<T>>[2]) =>
      withActor(db, { userId: alice.id }, fn);
    expect(
      await asAlice((tx) =>
        tx
          .update(assets)
          .set({ encryptedTitle: Buffer.from(HIJACKED_TITLE, "base64") })
          .returning({ id: assets.id }),
      ),
    ).toEqual([]);
    expect(
      await asAlice((tx) => tx.delete(beneficiaries).returning({ id: beneficiaries.id })),
    ).toEqual([]);
    expect(
      await asAlice((tx) => tx.delete(assetFiles).returning({ kind: assetFiles.kind })),
    ).toEqual([]);
    expect(
      await asAlice((tx) => tx.delete(assetFileChunks).returning({ kind: assetFileChunks.kind })),
    ).toEqual([]);
    const stolen = (values: Record<string, unknown>) =>
      asAlice((tx) =>
        tx.insert(assets).values({
          userId: bob.id,
          type: "note",
          title: "x",
          wrappedKey: Buffer.alloc(60),
          encryptedData: Buffer.alloc(28),
          ...values,
        }),
      );
    const rls = /new row violates row-level security policy/;
    expect(await failure(stolen({}))).toMatch(rls);
    expect(
      await failure(
        asAlice((tx) =>
          tx
            .insert(assetFiles)
            .values({ assetId: b.assetId, kind: "recording", contentType: "audio/webm", size: 28 }),
        ),
      ),
    ).toMatch(rls);
    const [bobsFile] = await db
      .select({ kind: assetFiles.kind })
      .from(assetFiles)
      .where(eq(assetFiles.assetId, b.assetId));
    expect(bobsFile).toBeTruthy();
    expect(
      await failure(
        asAlice((tx) =>
          tx
            .insert(assetFileChunks)
            .values({ assetId: b.assetId, kind: bobsFile!.kind, seq: 99, data: Buffer.alloc(28) }),
        ),
      ),
    ).toMatch(rls);
    expect(await failure(stolen({ userId: alice.id, releaseTriggered: true }))).toMatch(rls);
    expect(await failure(stolen({ userId: alice.id, releasedAt: new Date() }))).toMatch(rls);
    const own = await buildAsset(alice.client);
    expect(
      await failure(
        asAlice((tx) =>
          tx.update(assets).set({ releaseTriggered: true }).where(eq(assets.id, own.id)),
        ),
      ),
    ).toMatch(/permission denied/);
    expect(
      await failure(
        asAlice((tx) => tx.update(assets).set({ userId: bob.id }).where(eq(assets.id, own.id))),
      ),
    ).toMatch(/permission denied/);
    const [bobsNote] = await db
      .select({ encryptedTitle: assets.encryptedTitle })
      .from(assets)
      .where(eq(assets.id, b.assetId));
    expect(bobsNote?.encryptedTitle?.toString("base64")).not.toBe(HIJACKED_TITLE);
  });
});
