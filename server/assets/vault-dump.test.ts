import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAsset, uploadEncryptedFile } from "../../test/factories/assets.js";
import { buildUser, createTestContext, rowsOf, type TestContext } from "../../test/harness.js";
import { decryptBytes, openAsset } from "../../test/vault-crypto.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Every row of every table in the public schema, as JSON text: what a database dump would hold. */
async function dumpDatabase(): Promise<string> {
  const db = ctx.services.deps.db;
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    ),
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = rowsOf<{ row: string }>(
      await db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`),
    );
    parts.push(`-- ${name}\n${rows.map((r) => r.row).join("\n")}`);
  }
  return parts.join("\n");
}

/** How a dump could show these bytes: bytea as hex, or base64 and hex inside text. */
const encodings = (b: Buffer) => [b.toString("hex"), b.toString("base64")];

describe("a database dump holds no vault content in clear", () => {
  it("finds none of the titles or secrets encrypted in the browser, nor any data key", async () => {
    const { client } = await buildUser(ctx);
    const marker = `SECRET-${randomBytes(6).toString("hex")}`;
    const titleMarker = `TITLE-${randomBytes(6).toString("hex")}`;
    const password = await buildAsset(client, {
      type: "password",
      title: `${titleMarker} bank`,
      content: {
        username: `${marker}-user`,
        password: `${marker}-pass`,
        website: `https://${marker}.example`,
        notes: `${marker}-notes`,
      },
    });
    const note = await buildAsset(client, {
      type: "note",
      title: `${titleMarker} note`,
      content: { text: `${marker}-note-text` },
    });
    await uploadEncryptedFile(client, {
      assetId: note.id,
      ck: note.ck,
      kind: "attachment",
      plaintext: Buffer.from(`%PDF-1.7 ${marker}-attachment`),
      type: "application/pdf",
    });
    await uploadEncryptedFile(client, {
      assetId: note.id,
      ck: note.ck,
      kind: "recording",
      plaintext: Buffer.from(`webm ${marker}-recording`),
      type: "audio/webm",
    });
    await client.post("/api/beneficiaries", { name: "Heir", email: "heir@example.com" });

    const dataKey = Buffer.from(
      (await client.json<{ dataKey: string }>("GET", "/api/vault/key")).body.dataKey,
      "base64",
    );
    const dump = await dumpDatabase();
    expect(dump).toContain("-- user_keys");
    expect(dump).toContain(password.id);
    for (const secret of [
      marker,
      ...encodings(Buffer.from(marker)),
      titleMarker,
      ...encodings(Buffer.from(titleMarker)),
      ...encodings(dataKey),
    ])
      expect(dump.toLowerCase()).not.toContain(secret.toLowerCase());

    // the check itself works: content the browser forgot to encrypt shows up in the dump as bytea hex
    const control = `CONTROL-${randomBytes(6).toString("hex")}`;
    const plain = Buffer.concat([
      Buffer.alloc(12),
      Buffer.from(control),
      Buffer.alloc(16),
    ]).toString("base64");
    await client.post("/api/assets", {
      id: randomUUID(),
      type: "note",
      encryptedTitle: plain,
      wrappedKey: plain,
      encryptedData: plain,
    });
    expect(await dumpDatabase()).toContain(Buffer.from(control).toString("hex"));

    const got = await client.json<{
      asset: { id: string; wrappedKey: string; encryptedData: string };
    }>("GET", `/api/assets/${password.id}`);
    expect(JSON.stringify(await openAsset(password.dk, got.body.asset))).toContain(
      `${marker}-pass`,
    );
  });

  it("tampered ciphertext, a wrapped key moved to another asset, or the wrong data key fail to decrypt (GCM)", async () => {
    const { client } = await buildUser(ctx);
    const a = await buildAsset(client, { content: { password: "one" } });
    const b = await buildAsset(client, { content: { password: "two" }, dataKey: a.dk });
    const get = async (id: string) =>
      (
        await client.json<{ asset: { id: string; wrappedKey: string; encryptedData: string } }>(
          "GET",
          `/api/assets/${id}`,
        )
      ).body.asset;
    const stored = await get(a.id);
    expect(await openAsset(a.dk, stored)).toEqual({ password: "one" });

    const flipped = Buffer.from(stored.encryptedData, "base64");
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    expect(
      (
        await client.request("PATCH", `/api/assets/${a.id}`, {
          encryptedData: flipped.toString("base64"),
        })
      ).status,
    ).toBe(200);
    await expect(openAsset(a.dk, await get(a.id))).rejects.toThrow();

    const other = await get(b.id);
    await expect(openAsset(a.dk, { ...other, id: a.id })).rejects.toThrow();
    const stranger = await buildAsset((await buildUser(ctx)).client);
    await expect(openAsset(stranger.dk, other)).rejects.toThrow();

    const file = randomBytes(100);
    const note = await buildAsset(client, { type: "note", dataKey: a.dk });
    const { ciphertext } = await uploadEncryptedFile(client, {
      assetId: note.id,
      ck: note.ck,
      kind: "attachment",
      plaintext: file,
      type: "image/png",
    });
    expect((await decryptBytes(note.ck, ciphertext)).equals(file)).toBe(true);
    ciphertext[ciphertext.length - 1] = (ciphertext[ciphertext.length - 1] ?? 0) ^ 1;
    await expect(decryptBytes(note.ck, ciphertext)).rejects.toThrow();
  });
});
