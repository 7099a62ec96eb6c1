import { ARCHIVE_MSG } from "@common/export";
import { IMPORT_MSG } from "@common/import";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { sealVaultArchive } from "@/lib/crypto/vault-archive";
import legacyVaultJson from "./fixtures/legacy-vault.json?raw";
import { archiveKindOf } from "./archive-kind";
import { ArchivePasswordError, readImportArchive } from "./read-import-archive";
import { ImportFileError, readImportFile } from "./read-import-file";

/** Our export's ZIP as the exporter lays it out (decision 044), and that ZIP sealed (decision 055). */
const exportZip = zipSync({
  "README.txt": strToU8("Legacy Vault export"),
  "passwords.json": strToU8(legacyVaultJson),
  "passwords.csv": strToU8("name,url,username,password,note\r\n"),
  "documents/will.pdf": new Uint8Array([37, 80, 68, 70]),
});
const PASSWORD = "Quiet-Lantern-Orchard-19";

const refusal = async (run: Promise<unknown>) => {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportFileError);
  return err as ImportFileError;
};

describe("readImportArchive", async () => {
  const sealed = await sealVaultArchive(exportZip, PASSWORD);

  it("tells an encrypted archive, a ZIP and a text export apart by their first bytes", () => {
    expect(archiveKindOf(sealed)).toBe("encrypted");
    expect(archiveKindOf(exportZip)).toBe("zip");
    expect(archiveKindOf(strToU8(legacyVaultJson))).toBeNull();
  });

  it("opens an encrypted archive with its password and reads its passwords.json as our export", async () => {
    const file = await readImportArchive(sealed, PASSWORD);
    expect(file).toEqual(readImportFile(legacyVaultJson));
    expect(file.source).toBe("legacy-vault-json");
    expect(file.candidates[0]).toMatchObject({
      title: "Online Banking",
      password: "Correct-Horse-1",
    });
  });

  it("reads the plain ZIP export the same way, with no password", async () => {
    expect(await readImportArchive(exportZip, "")).toEqual(readImportFile(legacyVaultJson));
  });

  it("answers a wrong password (or a changed byte) with the archive's message, as a password error", async () => {
    const wrong = await refusal(readImportArchive(sealed, "Quiet-Lantern-Orchard-18"));
    expect(wrong).toBeInstanceOf(ArchivePasswordError);
    expect(wrong.message).toBe(ARCHIVE_MSG.wrongPassword);
    const tampered = new Uint8Array(sealed);
    tampered[100] = (tampered[100] as number) ^ 0x80;
    expect(await refusal(readImportArchive(tampered, PASSWORD))).toBeInstanceOf(
      ArchivePasswordError,
    );
  });

  it("refuses a newer version, a ZIP without passwords.json and a broken ZIP, and no password is blamed", async () => {
    const newer = new Uint8Array(sealed);
    newer[6] = 9;
    const version = await refusal(readImportArchive(newer, PASSWORD));
    expect(version.message).toBe(ARCHIVE_MSG.newerVersion);
    expect(version).not.toBeInstanceOf(ArchivePasswordError);
    const noPasswords = zipSync({ "README.txt": strToU8("hello") });
    expect((await refusal(readImportArchive(noPasswords, ""))).message).toBe(
      ARCHIVE_MSG.noPasswords,
    );
    const broken = exportZip.slice(0, 60);
    expect((await refusal(readImportArchive(broken, ""))).message).toBe(IMPORT_MSG.notRecognised);
  });
});
