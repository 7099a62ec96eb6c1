import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { LegacyItemsView } from "../../common/legacy.js";
import { buildAsset, dataKeyOf, uploadEncryptedFile } from "../../test/factories/assets.js";
import { createBeneficiaryKey } from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { portalClient, releaseByAttestation } from "../../test/factories/release.js";
import { createTestContext, uniqueEmail } from "../../test/harness.js";
import { PGLITE_TEMPLATE } from "../../test/global-setup.js";
import { createOffsetClock } from "../clock.js";
import { openPglite } from "../db/client.js";
import { createLogger } from "../logger.js";

/**
 * A stolen disk (docs/decisions/080): after a release on PGlite, every byte under DATA_DIR (the
 * database's files, its write-ahead log, and the files' ciphertext, which live in the database)
 * holds no item's title, website or file name. The dump (vault-dump.test.ts,
 * keys/owner-held-keys.test.ts) and the log (vault-logs.test.ts) are checked on both engines;
 * a PostgreSQL server's data folder is not this process's to read.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "lv-data-folder-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const encoded = (text: string) => [Buffer.from(text, "utf8"), Buffer.from(text, "utf16le")];

/** Each needle with the files whose bytes hold it, in UTF-8 or UTF-16LE. */
function scan(files: string[], needles: string[]): Record<string, string[]> {
  const found: Record<string, string[]> = Object.fromEntries(needles.map((n) => [n, []]));
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const needle of needles)
      if (encoded(needle).some((form) => bytes.includes(form)))
        found[needle]?.push(path.relative(dataDir, file));
  }
  return found;
}

describe("the data folder after a release (PGlite)", () => {
  it.skipIf(process.env.TEST_DATABASE_URL)(
    "holds no title, website or file name of any item, in any file, while the beneficiary's name (kept in clear) is found",
    async () => {
      const lines: string[] = [];
      const clock = createOffsetClock();
      const database = await openPglite(
        path.join(dataDir, "pglite"),
        new Blob([readFileSync(PGLITE_TEMPLATE)]),
      );
      const ctx = await createTestContext(
        { DATA_DIR: dataDir },
        { database, clock, log: createLogger("debug", (_level, line) => lines.push(line)) },
      );
      const hex = () => randomBytes(6).toString("hex");
      const markers = { title: `TITLE-${hex()}`, website: `SITE-${hex()}`, file: `FILE-${hex()}` };
      const clearName = `NAME-${hex()}`;
      try {
        const firm = await buildFirm(ctx);
        const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
        const dk = await dataKeyOf(owner.client);
        const heir = uniqueEmail("heir");
        const named = await owner.client.json("POST", "/api/beneficiaries", {
          name: `Hana ${clearName}`,
          email: heir,
        });
        expect(named.status).toBe(201);
        const password = await buildAsset(owner.client, {
          dataKey: dk,
          title: `${markers.title} bank`,
          beneficiaryEmails: [heir],
          content: {
            username: "olga",
            password: "correct horse battery",
            website: `https://${markers.website}.example`,
            notes: "",
          },
        });
        const document = await buildAsset(owner.client, {
          dataKey: dk,
          type: "document",
          title: `${markers.title} will`,
          beneficiaryEmails: [heir],
          content: {
            fileName: `${markers.file}.pdf`,
            contentType: "application/pdf",
            fileSize: 40,
            notes: "",
          },
        });
        const upload = await uploadEncryptedFile(owner.client, {
          assetId: document.id,
          ck: document.ck,
          kind: "document",
          plaintext: Buffer.from(`%PDF-1.7 ${markers.file} ${markers.title}`),
          type: "application/pdf",
        });
        expect(upload.res.status).toBe(200);
        await createBeneficiaryKey(owner.client, dk, { email: heir, items: [password, document] });

        await releaseByAttestation(ctx, clock, { firmAdmin: firm.admin, owner });
        const portal = await portalClient(ctx, heir);
        const listed = await portal.json<LegacyItemsView>("GET", "/api/legacy/items");
        expect(listed.body.items.map((i) => i.id).sort()).toEqual(
          [password.id, document.id].sort(),
        );
        for (const id of [password.id, document.id])
          expect((await portal.request("GET", `/api/legacy/items/${id}`)).status).toBe(200);
        const file = await portal.request("GET", `/api/legacy/items/${document.id}/files/document`);
        expect(Buffer.from(await file.arrayBuffer()).equals(upload.ciphertext)).toBe(true);
      } finally {
        await ctx.close(); // PGlite checkpoints as it shuts down: its files are all there is
      }

      const files = filesUnder(dataDir);
      expect(files.some((f) => f.includes(`${path.sep}pglite${path.sep}base${path.sep}`))).toBe(
        true,
      );
      const found = scan(files, [...Object.values(markers), clearName]);
      expect(found[clearName], "the scan reads the database's files").not.toEqual([]);
      for (const marker of Object.values(markers))
        expect([marker, found[marker]]).toEqual([marker, []]);
      const log = lines.join("\n");
      for (const marker of Object.values(markers)) expect(log).not.toContain(marker);
    },
    60_000,
  );
});
