import { describe, expect, it } from "vitest";
import { VAULT_ARCHIVE } from "@common/export";
import { KDF_ITERATIONS } from "@common/keys";
import {
  ArchiveError,
  isVaultArchive,
  openVaultArchive,
  readArchiveHeader,
  sealVaultArchive,
} from "./vault-archive";

/** The .lvault format (docs/decisions/055) on Node's WebCrypto, at the real cost (600,000). */
const PASSWORD = "Quiet-Lantern-Orchard-19";
const zip = new Uint8Array(3000).map((_, i) => (i * 31 + 7) & 0xff);

/** Whether `needle` occurs anywhere in `hay`, byte for byte. */
const contains = (hay: Uint8Array, needle: Uint8Array) =>
  hay.some((_, at) => needle.every((b, i) => hay[at + i] === b));

const reasonOf = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArchiveError);
  return (err as ArchiveError).reason;
};

describe("the encrypted archive", async () => {
  const sealed = await sealVaultArchive(zip, PASSWORD);

  it("opens with its password to the very same bytes, and holds none of them in clear", async () => {
    expect(await openVaultArchive(sealed, PASSWORD)).toEqual(zip);
    expect(sealed.length).toBe(VAULT_ARCHIVE.headerBytes + zip.length + VAULT_ARCHIVE.tagBytes);
    expect(contains(sealed.subarray(VAULT_ARCHIVE.headerBytes), zip.subarray(0, 32))).toBe(false);
  });

  it("writes the documented header: magic, version 1, PBKDF2-SHA-256, 600,000 iterations", () => {
    expect(new TextDecoder().decode(sealed.subarray(0, 6))).toBe("LVAULT");
    expect(sealed[6]).toBe(1);
    expect(sealed[7]).toBe(1);
    const header = readArchiveHeader(sealed);
    expect(header.iterations).toBe(KDF_ITERATIONS);
    expect(header.salt).toHaveLength(16);
    expect(header.iv).toHaveLength(12);
    expect(isVaultArchive(sealed)).toBe(true);
    expect(isVaultArchive(new TextEncoder().encode("PK\u0003\u0004"))).toBe(false);
  });

  it("draws a fresh salt and IV for every archive", async () => {
    const again = await sealVaultArchive(zip, PASSWORD);
    expect(again.subarray(12, 28)).not.toEqual(sealed.subarray(12, 28));
    expect(again.subarray(28, 40)).not.toEqual(sealed.subarray(28, 40));
    expect(again.subarray(40)).not.toEqual(sealed.subarray(40));
  });

  it("refuses a wrong password, even one differing by a letter's case", async () => {
    expect(await reasonOf(openVaultArchive(sealed, "quiet-Lantern-Orchard-19"))).toBe(
      "wrongPassword",
    );
    expect(await reasonOf(openVaultArchive(sealed, ""))).toBe("wrongPassword");
  });

  it("reads the password in Unicode NFC: the same word typed composed or decomposed opens it", async () => {
    const composed = await sealVaultArchive(zip, "Crème-brûlée-2026");
    const decomposed = "Crème-brûlée-2026".normalize("NFD");
    expect(await openVaultArchive(composed, decomposed)).toEqual(zip);
  });

  it.each([
    ["a content byte", 200],
    ["the tag's last byte", -1],
    ["a salt byte (header)", 12],
    ["an IV byte (header)", 35],
  ])("refuses an archive with %s changed", async (_, at) => {
    const tampered = new Uint8Array(sealed);
    const index = at < 0 ? tampered.length + at : at;
    tampered[index] = (tampered[index] as number) ^ 0x01;
    expect(await reasonOf(openVaultArchive(tampered, PASSWORD))).toBe("wrongPassword");
  });

  it("refuses an unknown version or KDF before deriving anything", async () => {
    const newer = new Uint8Array(sealed);
    newer[6] = 2;
    expect(await reasonOf(openVaultArchive(newer, PASSWORD))).toBe("newerVersion");
    const otherKdf = new Uint8Array(sealed);
    otherKdf[7] = 2;
    expect(await reasonOf(openVaultArchive(otherKdf, PASSWORD))).toBe("newerVersion");
  });

  it("refuses what is not an archive, is cut short, or asks for a cost outside the accepted range", async () => {
    expect(await reasonOf(openVaultArchive(zip, PASSWORD))).toBe("notArchive");
    expect(await reasonOf(openVaultArchive(sealed.subarray(0, 50), PASSWORD))).toBe("notArchive");
    const costly = new Uint8Array(sealed);
    new DataView(costly.buffer).setUint32(8, 0xffffffff, false);
    expect(await reasonOf(openVaultArchive(costly, PASSWORD))).toBe("notArchive");
    const cheap = new Uint8Array(sealed);
    new DataView(cheap.buffer).setUint32(8, 1000, false);
    expect(await reasonOf(openVaultArchive(cheap, PASSWORD))).toBe("notArchive");
  });

  it("cuts nothing short: the last byte of the ZIP survives, and a truncated file fails", async () => {
    expect(await reasonOf(openVaultArchive(sealed.subarray(0, sealed.length - 1), PASSWORD))).toBe(
      "wrongPassword",
    );
  });
});
