import { createDecipheriv, webcrypto } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionKeyView } from "../../common/keys.js";
import { buildAsset, uploadEncryptedFile } from "../../test/factories/assets.js";
import { createBeneficiaryKey, wrapForBeneficiary } from "../../test/factories/beneficiary-keys.js";
import { browser, buildOwnerWithKeys, makeAccountKeys } from "../../test/factories/owner-keys.js";
import {
  buildUser,
  createTestContext,
  rowsOf,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { sealAsset, type CryptoKey } from "../../test/vault-crypto.js";
import { deriveKey } from "../crypto/master-key.js";

/**
 * Issue 12's promise (docs/decisions/038, "Consequences"): a database dump plus every secret the
 * server holds opens no content key of an owner who has moved over. Two owners: one registered
 * with keys, one who moved over from the escrowed key and whose browser then wrapped its pending
 * item. Both store items and make a hand-over beneficiary key (the access key never reaches the
 * server).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Every purpose the server derives a key for from the master key (server/services.ts, server/keys/). */
const MASTER_KEY_PURPOSES = [
  "user-data-key-wrap",
  "auth-secret",
  "release-documents",
  "short-secret-hmac",
  "beneficiary-share",
  "beneficiary-escrow",
];
const IV_BYTES = 12;
const TAG_BYTES = 16;

const raw = async (key: CryptoKey) => Buffer.from(await webcrypto.subtle.exportKey("raw", key));
const encodings = (b: Buffer) => [b.toString("hex"), b.toString("base64")];

/** AES-256-GCM open of IV ‖ ciphertext ‖ tag, or null. */
function tryOpen(key: Buffer, blob: Buffer, context: string): Buffer | null {
  if (key.length !== 32 || blob.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, blob.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    })
      .setAAD(Buffer.from(context, "utf8"))
      .setAuthTag(blob.subarray(blob.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(blob.subarray(IV_BYTES, blob.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}

type Dump = { text: string; rows: { table: string; row: Record<string, unknown> }[] };

/** Every row of every table, read as the system (no row-level security): what a dump holds. */
async function dumpDatabase(): Promise<Dump> {
  const db = ctx.services.deps.db;
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    ),
  );
  const rows: Dump["rows"] = [];
  const parts: string[] = [];
  for (const { name } of tables) {
    const found = rowsOf<{ row: string }>(
      await db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`),
    );
    parts.push(`-- ${name}\n${found.map((r) => r.row).join("\n")}`);
    for (const r of found)
      rows.push({ table: name, row: JSON.parse(r.row) as Record<string, unknown> });
  }
  return { text: parts.join("\n"), rows };
}

/** Every bytea value of the dump (row_to_json writes them as "\\x…"), with where it came from. */
function blobsOf(dump: Dump) {
  const blobs: { where: string; bytes: Buffer }[] = [];
  for (const { table, row } of dump.rows)
    for (const [column, value] of Object.entries(row))
      if (typeof value === "string" && /^\\x[0-9a-f]*$/.test(value))
        blobs.push({ where: `${table}.${column}`, bytes: Buffer.from(value.slice(2), "hex") });
  return blobs;
}

/** Every additional data a blob in this app is sealed with, for every id in the dump. */
function contextsOf(dump: Dump): string[] {
  const ids = new Set<string>();
  for (const { table, row } of dump.rows)
    if (["user", "assets", "beneficiary_keys", "session", "release_plans"].includes(table))
      if (typeof row.id === "string") ids.add(row.id);
  const beneficiaryIds = dump.rows
    .filter((r) => r.table === "beneficiaries" && typeof r.row.id === "string")
    .map((r) => `beneficiary-details:${String(r.row.id)}`);
  return [
    "",
    "data-key:password",
    "data-key:recovery",
    "data-key:session",
    ...[...ids].flatMap((id) => [
      id,
      `beneficiary-key:${id}`,
      `access-key:${id}`,
      `asset-title:${id}`,
      `playbook-ticks:${id}`,
    ]),
    ...beneficiaryIds,
  ];
}

describe("a dump and every server secret open no owner-held content key", () => {
  it("holds no content key, data key, beneficiary key or access key; and no wrapped blob opens with any key the server has", async () => {
    const contentKeys: Buffer[] = [];
    const ownerSecrets: Buffer[] = [];

    // 1. An owner registered with keys: items (titles sealed in the browser, decision 080), a
    // file, a hand-over beneficiary key, a session key.
    const owner = await buildOwnerWithKeys(ctx);
    const heir = uniqueEmail("heir");
    const titleMarker = `TITLE-${crypto.randomUUID()}`;
    const item = await buildAsset(owner.client, {
      dataKey: owner.dataKey,
      title: `${titleMarker} Will — house at 12 Main Street`,
      beneficiaryEmails: [heir],
      content: { password: "hunter2-but-long" },
    });
    const note = await buildAsset(owner.client, {
      dataKey: owner.dataKey,
      type: "note",
      title: `${titleMarker} Letter to Emma`,
      content: { text: "for my family" },
    });
    await uploadEncryptedFile(owner.client, {
      assetId: note.id,
      ck: note.ck,
      kind: "attachment",
      plaintext: Buffer.from("%PDF-1.7 a letter"),
      type: "application/pdf",
    });
    const handOver = await createBeneficiaryKey(owner.client, owner.dataKey, {
      email: heir,
      items: [item],
    });
    // The note marked "for incapacity" for the heir, wrapped by the browser with BK (decision 093).
    const marked = await owner.client.json("PUT", `/api/incapacity/items/${note.id}`, {
      caregivers: [
        {
          email: heir,
          beneficiaryKeyId: handOver.id,
          wrappedKey: await wrapForBeneficiary(handOver.bk, note.id, note.ck),
        },
      ],
    });
    expect(marked.status).toBe(200);
    const session = await owner.client.json<SessionKeyView>("GET", "/api/vault/session-key");
    expect(session.status).toBe(200);
    // The heir's phone, relationship and notes, sealed as the browser seals them (item 7).
    const heirId = crypto.randomUUID();
    const details = await sealAsset(owner.dataKey, `beneficiary-details:${heirId}`, {
      phone: "+1 555 0142",
      relationship: "Godchild",
      notes: "Gets the violin",
    });
    const named = await owner.client.json("POST", "/api/beneficiaries", {
      id: heirId,
      name: "Hana Heir",
      email: heir,
      details: { wrappedKey: details.wrappedKey, data: details.encryptedData },
    });
    expect(named.status).toBe(201);
    // The owner's playbook checklist, sealed as the browser seals it (decision 088).
    const ticks = await sealAsset(owner.dataKey, `playbook-ticks:${owner.id}`, {
      google: { status: "done", on: "2026-12-03" },
    });
    const checklist = await owner.client.json("PUT", "/api/playbook", {
      wrappedKey: ticks.wrappedKey,
      data: ticks.encryptedData,
      tickedCount: 1,
    });
    expect(checklist.status).toBe(200);
    contentKeys.push(
      await raw(item.ck),
      await raw(note.ck),
      await raw(details.ck),
      await raw(ticks.ck),
    );
    ownerSecrets.push(await raw(owner.dataKey), handOver.bkBytes, handOver.accessKey);

    // 2. An owner from before (escrowed key, an item named for an heir), who moves over.
    const old = await buildUser(ctx);
    const oldHeir = uniqueEmail("heir");
    const oldItem = await buildAsset(old.client, { beneficiaryEmails: [oldHeir] });
    const escrowed = await old.client.json<{ dataKey: string }>("GET", "/api/vault/key");
    const oldDk = await browser.importRawDataKey(
      Buffer.from(escrowed.body.dataKey, "base64"),
      true,
    );
    const moved = await makeAccountKeys(old.password, { dataKey: oldDk });
    const moveOver = await old.client.json("POST", "/api/vault/key/move-over", {
      currentPassword: old.password,
      newPassword: moved.signInSecret,
      keys: moved.keys,
    });
    expect(moveOver.status).toBe(200);
    const oldKey = await createBeneficiaryKey(old.client, oldDk, {
      email: oldHeir,
      items: [oldItem],
    });
    const after = await old.client.json<{ dataKey: string | null }>("GET", "/api/vault/key");
    expect(after.body.dataKey).toBeNull(); // the escrowed copy is gone
    contentKeys.push(await raw(oldItem.ck));
    ownerSecrets.push(await raw(oldDk), oldKey.bkBytes, oldKey.accessKey);

    const dump = await dumpDatabase();
    const blobs = blobsOf(dump);
    const contexts = contextsOf(dump);
    expect(dump.text).toContain("-- user_keys");
    expect(dump.text).toContain("-- session_vault_keys");
    expect(dump.text).toContain(heirId);
    for (const clear of ["555 0142", "Godchild", "violin"]) expect(dump.text).not.toContain(clear);
    // no title in clear, in any encoding a dump could show it in (docs/decisions/080)
    for (const clear of [titleMarker, "12 Main Street", "Letter to Emma"])
      for (const encoded of [clear, ...encodings(Buffer.from(clear))])
        expect(dump.text.toLowerCase()).not.toContain(encoded.toLowerCase());

    // (a) none of those keys' bytes, in any encoding a dump could show them in
    const lower = dump.text.toLowerCase();
    for (const secret of [...contentKeys, ...ownerSecrets])
      for (const encoded of encodings(secret)) expect(lower).not.toContain(encoded.toLowerCase());

    // every secret the server holds, and every key it derives from them
    const masterKey = Buffer.from(ctx.env.VAULT_MASTER_KEY ?? "", "base64");
    expect(masterKey).toHaveLength(32);
    const authSecret = deriveKey(masterKey, "auth-secret"); // the string better-auth gets is its base64
    const serverKeys = [
      masterKey,
      authSecret,
      Buffer.from(authSecret.toString("base64"), "utf8").subarray(0, 32),
      ...MASTER_KEY_PURPOSES.map((p) => deriveKey(masterKey, p)),
      ...MASTER_KEY_PURPOSES.map((p) => deriveKey(authSecret, p)),
    ];
    const sessionKeys = dump.rows
      .filter((r) => r.table === "session_vault_keys")
      .map((r) => Buffer.from(String(r.row.key).slice(2), "hex"));
    expect(sessionKeys.map((k) => k.toString("base64"))).toContain(session.body.sessionKey);

    const openings = (keys: Buffer[]) => {
      const opened: { where: string; plain: Buffer }[] = [];
      for (const blob of blobs)
        for (const key of keys)
          for (const context of contexts) {
            const plain = tryOpen(key, blob.bytes, context);
            if (plain) opened.push({ where: blob.where, plain });
          }
      return opened;
    };

    // the harness can open what it has the key for (the owner's own keys, known to this test only)
    const dk = await raw(owner.dataKey);
    const own = openings([dk, handOver.bkBytes]).map((o) => o.where);
    expect(own).toContain("assets.wrapped_key");
    expect(own).toContain("asset_beneficiaries.wrapped_key");
    expect(own).toContain("beneficiary_keys.owner_wrapped_key");
    expect(own).toContain("playbook_ticks.ticks_key");
    expect(own).toContain("incapacity_items.wrapped_key");
    // and the titles with the items' content keys: the marker is there, sealed
    const titles = openings([await raw(item.ck), await raw(note.ck)]).filter(
      (o) => o.where === "assets.encrypted_title",
    );
    expect(titles.map((o) => o.plain.toString("utf8")).sort()).toEqual([
      `${titleMarker} Letter to Emma`,
      `${titleMarker} Will — house at 12 Main Street`,
    ]);

    // (b) with the server's keys, the sealed server shares open (by design: S alone) and nothing else
    const withServerKeys = openings([...serverKeys, ...sessionKeys]);
    expect([...new Set(withServerKeys.map((o) => o.where))]).toEqual([
      "beneficiary_keys.server_share",
    ]);
    const shares = withServerKeys.map((o) => o.plain);
    expect(shares).toHaveLength(2);
    // each server share S used alone as a key, with every other key too: still nothing more
    const withShares = openings([...shares, ...serverKeys, ...sessionKeys]);
    expect(withShares.filter((o) => o.where !== "beneficiary_keys.server_share")).toEqual([]);
    for (const opened of [...withServerKeys, ...withShares])
      for (const secret of [...contentKeys, ...ownerSecrets])
        expect(opened.plain.equals(secret)).toBe(false);
  }, 60_000);
});
