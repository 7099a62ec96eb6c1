import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LegacyItemDetail, LegacyItemsView } from "../../common/legacy.js";
import {
  MESSAGE_MSG,
  type MessageScheduleListView,
  type MessageScheduleView,
} from "../../common/messages.js";
import { buildAsset, dataKeyOf, uploadEncryptedFile } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  openBeneficiaryWrap,
} from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildMessage, messageKey } from "../../test/factories/messages.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  DAY_MS,
  mailsTo,
  portalClient,
  releaseByAttestation,
} from "../../test/factories/release.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes } from "../../test/vault-crypto.js";
import { createOffsetClock } from "../clock.js";
import { deliverDueMessages } from "./sweep.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const day = (offsetDays: number) =>
  new Date(clock.now().getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64");

/**
 * A firm client with a hand-over key for `heir`: a note for the heir, a message for the heir on a
 * date a year ahead (with a voice recording), a message for the heir at the release, and a message
 * for someone else.
 */
async function vaultWithMessages() {
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const dk = await dataKeyOf(owner.client);
  const heir = uniqueEmail("heir");
  const other = uniqueEmail("other");
  const note = await buildAsset(owner.client, {
    type: "note",
    title: "Now",
    beneficiaryEmails: [heir],
    content: { text: "today" },
    dataKey: dk,
  });
  const later = await buildMessage(owner.client, {
    dataKey: dk,
    recipients: [heir],
    delivery: { when: "date", date: day(365) },
  });
  const voice = Buffer.from(`voice ${randomUUID()}`);
  const upload = await uploadEncryptedFile(owner.client, {
    assetId: later.id,
    ck: later.mk,
    kind: "media",
    plaintext: voice,
    type: "audio/webm",
  });
  expect(upload.res.status).toBe(200);
  const atRelease = await buildMessage(owner.client, {
    dataKey: dk,
    recipients: [heir],
    delivery: { when: "release" },
  });
  const forOther = await buildMessage(owner.client, {
    dataKey: dk,
    recipients: [other],
    delivery: { when: "release" },
  });
  const key = await createBeneficiaryKey(owner.client, dk, {
    email: heir,
    items: [note, later, atRelease],
  });
  await createBeneficiaryKey(owner.client, dk, { email: other, items: [forOther] });
  return { firm, owner, dk, heir, other, note, later, voice, atRelease, forOther, key };
}

type Vault = Awaited<ReturnType<typeof vaultWithMessages>>;

/** The recipient's browser: MK from the portal's answer and the access key. */
async function openMessage(v: Vault, item: LegacyItemDetail) {
  if (item.key.kind !== "beneficiary-key") throw new Error("expected a beneficiary key");
  const ck = await openBeneficiaryWrap({
    serverShare: item.key.serverShare,
    accessKey: v.key.accessKey,
    assetId: item.id,
    wrappedKey: item.key.wrappedKey,
  });
  expect(ck).toBeTruthy();
  if (!item.waitingShare) throw new Error("no waiting share");
  return messageKey(
    new Uint8Array(await exportedBase(v, item)),
    Buffer.from(item.waitingShare, "base64"),
    item.id,
  );
}
/** CK's raw bytes, unwrapped extractable with BK (as web/src/features/legacy/message-key.ts does). */
async function exportedBase(v: Vault, item: LegacyItemDetail) {
  if (item.key.kind !== "beneficiary-key") throw new Error("expected a beneficiary key");
  const { subtle } = globalThis.crypto;
  const share = Buffer.from(item.key.serverShare, "base64");
  const bk = await subtle.importKey(
    "raw",
    share.map((x, i) => x ^ (v.key.accessKey[i] ?? 0)),
    "AES-GCM",
    false,
    ["unwrapKey"],
  );
  const blob = Buffer.from(item.key.wrappedKey, "base64");
  const ck = await subtle.unwrapKey(
    "raw",
    blob.subarray(12),
    bk,
    {
      name: "AES-GCM",
      iv: blob.subarray(0, 12),
      additionalData: new TextEncoder().encode(item.id),
    },
    "AES-GCM",
    true,
    ["decrypt"],
  );
  return subtle.exportKey("raw", ck);
}

describe("messages for later: the owner's schedule", () => {
  it("keeps when and the waiting share; refuses a past date, over 25 years, and other items", async () => {
    const owner = await buildUser(ctx);
    const dk = await dataKeyOf(owner.client);
    const m = await buildMessage(owner.client, {
      dataKey: dk,
      recipients: [],
      delivery: { when: "anniversary", years: 2 },
    });
    const got = await owner.client.json<MessageScheduleView>(
      "GET",
      `/api/messages/${m.id}/schedule`,
    );
    expect(got.status).toBe(200);
    const raw = await owner.client.request("GET", `/api/messages/${m.id}/schedule`);
    expect(raw.headers.get("cache-control")).toBe("no-store");
    expect(got.body).toEqual({
      assetId: m.id,
      delivery: { when: "anniversary", years: 2 },
      waitingShare: b64(m.waitingShare),
      releasedAt: null,
      dueAt: null,
      deliveredAt: null,
      confirmedAt: null,
    });
    const put = (body: unknown, id = m.id) =>
      owner.client.json<{ error: { message: string } }>(
        "PUT",
        `/api/messages/${id}/schedule`,
        body,
      );
    const share = b64(randomBytes(32));
    expect(
      (await put({ delivery: { when: "date", date: day(0) }, waitingShare: share })).body.error
        .message,
    ).toBe(MESSAGE_MSG.dateNotAhead);
    expect(
      (await put({ delivery: { when: "date", date: day(366 * 25 + 2) }, waitingShare: share })).body
        .error.message,
    ).toBe(MESSAGE_MSG.dateTooFar);
    expect(
      (await put({ delivery: { when: "date", date: "2031-02-30" }, waitingShare: share })).status,
    ).toBe(400);
    expect(
      (await put({ delivery: { when: "anniversary", years: 26 }, waitingShare: share })).status,
    ).toBe(400);
    expect(
      (await put({ delivery: { when: "release" }, waitingShare: b64(randomBytes(16)) })).status,
    ).toBe(400);
    const password = await buildAsset(owner.client, { dataKey: dk });
    expect(
      (await put({ delivery: { when: "release" }, waitingShare: share }, password.id)).status,
    ).toBe(404);
    const ok = await put({ delivery: { when: "date", date: day(400) }, waitingShare: share });
    expect(ok.status).toBe(200);
    const list = await owner.client.json<MessageScheduleListView>("GET", "/api/messages");
    expect(list.body.schedules).toEqual([
      expect.objectContaining({ assetId: m.id, delivery: { when: "date", date: day(400) } }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(share);
    // W is sealed at rest: no encoding of it in the table
    const text =
      rowsOf<{ t: string }>(
        await ctx.services.deps.db.execute(
          sql`select row_to_json(m)::text as t from message_schedules m where asset_id = ${m.id}`,
        ),
      )[0]?.t ?? "";
    const w = Buffer.from(share, "base64");
    for (const s of [w.toString("hex"), share, w.toString("base64url")])
      expect(text).not.toContain(s);
  });

  it("someone else cannot read or set it: another owner, the firm's admin and staff, signed out", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
    const m = await buildMessage(owner.client, {
      dataKey: await dataKeyOf(owner.client),
      recipients: [],
      delivery: { when: "release" },
    });
    const stranger = await buildUser(ctx);
    const body = {
      delivery: { when: "anniversary", years: 3 },
      waitingShare: b64(randomBytes(32)),
    };
    for (const client of [stranger.client, firm.admin, staff.client]) {
      for (const id of [m.id, randomUUID()]) {
        expect((await client.request("GET", `/api/messages/${id}/schedule`)).status).toBe(404);
        expect((await client.request("PUT", `/api/messages/${id}/schedule`, body)).status).toBe(
          404,
        );
      }
      const list = await client.json<MessageScheduleListView>("GET", "/api/messages");
      expect(list.body.schedules ?? []).toEqual([]);
    }
    const signedOut = new TestClient(ctx);
    expect((await signedOut.request("GET", `/api/messages/${m.id}/schedule`)).status).toBe(401);
    expect((await signedOut.request("PUT", `/api/messages/${m.id}/schedule`, body)).status).toBe(
      401,
    );
    expect((await signedOut.request("GET", "/api/messages")).status).toBe(401);
    const mine = await owner.client.json<MessageScheduleView>(
      "GET",
      `/api/messages/${m.id}/schedule`,
    );
    expect(mine.body.delivery).toEqual({ when: "release" });
  });
});

describe("messages for later: keys that wait, the sweep, the portal", () => {
  it("before its day a message opens for nobody; on its day it is mailed, opened and downloaded", async () => {
    const v = await vaultWithMessages();
    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });
    // the release e-mail counts the note only
    const released = (await mailsTo(ctx, v.heir)).find(
      (m) => m.template === "release-beneficiary-released",
    );
    expect(released?.text).toContain("an item");
    expect(
      (await mailsTo(ctx, v.other)).some((m) => m.template === "release-beneficiary-released"),
    ).toBe(false);

    const portal = await portalClient(ctx, v.heir);
    const listed = async () =>
      (await portal.json<LegacyItemsView>("GET", "/api/legacy/items")).body.items.map((i) => i.id);
    // released, not yet swept: no message yet, not even the one "at the release"
    expect(await listed()).toEqual([v.note.id]);
    for (const id of [v.later.id, v.atRelease.id]) {
      const res = await portal.request("GET", `/api/legacy/items/${id}`);
      const text = await res.text();
      expect(res.status).toBe(404);
      for (const m of [v.later, v.atRelease]) expect(text).not.toContain(b64(m.waitingShare));
      expect((await portal.request("GET", `/api/legacy/items/${id}/files/media`)).status).toBe(404);
    }

    // the sweep delivers the messages due at the release, once
    expect(await deliverDueMessages(ctx.services.deps)).toBe(2);
    expect(await deliverDueMessages(ctx.services.deps)).toBe(0);
    const delivered = (await mailsTo(ctx, v.heir)).filter(
      (m) => m.template === "message-delivered",
    );
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.subject).toBe("Olga Owner left you a message for today");
    expect(delivered[0]?.text).not.toContain(v.atRelease.title);
    expect(
      (await mailsTo(ctx, v.other)).filter((m) => m.template === "message-delivered"),
    ).toHaveLength(1);
    expect((await listed()).sort()).toEqual([v.note.id, v.atRelease.id].sort());
    const now = await portal.json<{ item: LegacyItemDetail }>(
      "GET",
      `/api/legacy/items/${v.atRelease.id}`,
    );
    expect(now.body.item.waitingShare).toBe(b64(v.atRelease.waitingShare));
    const mk = await openMessage(v, now.body.item);
    const opened = JSON.parse(
      (await decryptBytes(mk, Buffer.from(now.body.item.encryptedData, "base64"))).toString(),
    );
    expect(opened.letter).toBe(v.atRelease.letter);
    // the item key alone (what the access key and the server's share give) opens nothing
    const ckOnly = await globalThis.crypto.subtle.importKey(
      "raw",
      await exportedBase(v, now.body.item),
      "AES-GCM",
      false,
      ["decrypt"],
    );
    await expect(
      decryptBytes(ckOnly, Buffer.from(now.body.item.encryptedData, "base64")),
    ).rejects.toThrow();

    // the dated one still waits; another beneficiary never sees the heir's
    expect((await portal.request("GET", `/api/legacy/items/${v.later.id}`)).status).toBe(404);
    const otherPortal = await portalClient(ctx, v.other);
    expect((await otherPortal.request("GET", `/api/legacy/items/${v.atRelease.id}`)).status).toBe(
      404,
    );
    expect((await otherPortal.request("GET", `/api/legacy/items/${v.later.id}`)).status).toBe(404);

    // its day comes
    clock.advance(366 * DAY_MS);
    expect(await deliverDueMessages(ctx.services.deps)).toBe(1);
    // a year on, the recipient signs in to the portal again with a new code
    const again = await portalClient(ctx, v.heir);
    const later = await again.json<{ item: LegacyItemDetail }>(
      "GET",
      `/api/legacy/items/${v.later.id}`,
    );
    expect(later.status).toBe(200);
    const laterKey = await openMessage(v, later.body.item);
    const file = await again.request("GET", `/api/legacy/items/${v.later.id}/files/media`);
    expect(file.status).toBe(200);
    expect(await decryptBytes(laterKey, Buffer.from(await file.arrayBuffer()))).toEqual(v.voice);
    // still nothing for the other beneficiary, the firm, or a stranger
    const otherAgain = await portalClient(ctx, v.other);
    expect((await otherAgain.request("GET", `/api/legacy/items/${v.later.id}`)).status).toBe(404);
    expect(
      (await new TestClient(ctx).request("GET", `/api/legacy/items/${v.later.id}`)).status,
    ).toBe(401);
    expect((await v.firm.admin.request("GET", `/api/legacy/items/${v.later.id}`)).status).toBe(404);
  });

  it("an anniversary is due that many years after the release; the owner's page says when", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
    const m = await buildMessage(owner.client, {
      dataKey: await dataKeyOf(owner.client),
      recipients: [uniqueEmail("child")],
      delivery: { when: "anniversary", years: 18 },
    });
    await releaseByAttestation(ctx, clock, { firmAdmin: firm.admin, owner });
    const view = await owner.client.json<MessageScheduleView>(
      "GET",
      `/api/messages/${m.id}/schedule`,
    );
    const releasedAt = new Date(view.body.releasedAt ?? "");
    const due = new Date(view.body.dueAt ?? "");
    expect(due.getUTCFullYear() - releasedAt.getUTCFullYear()).toBe(18);
    expect(due.toISOString().slice(5)).toBe(releasedAt.toISOString().slice(5));
    // after the release the schedule no longer changes
    const put = await owner.client.request("PUT", `/api/messages/${m.id}/schedule`, {
      delivery: { when: "release" },
      waitingShare: b64(randomBytes(32)),
    });
    expect(put.status).toBe(409);
  });

  it("two sweeps at once deliver each message once", async () => {
    const v = await vaultWithMessages();
    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });
    const counts = await Promise.all([
      deliverDueMessages(ctx.services.deps, { batch: 1 }),
      deliverDueMessages(ctx.services.deps, { batch: 1 }),
    ]);
    expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(2);
    const audit = rowsOf<{ n: number }>(
      await ctx.services.deps.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'message.delivered' and subject_id in (${v.atRelease.id}, ${v.forOther.id})`,
      ),
    );
    expect(audit[0]?.n).toBe(2);
    expect(
      (await mailsTo(ctx, v.heir)).filter((m) => m.template === "message-delivered"),
    ).toHaveLength(1);
  });
});
