import type { LegacyItemKey } from "@common/legacy";
import { describe, expect, it } from "vitest";
import { combineShares, importBeneficiaryKey, randomShare } from "@/lib/crypto/beneficiary-keys";
import {
  DecryptError,
  decryptJson,
  encryptJson,
  newContentKey,
  toBase64,
  wrapContentKey,
} from "@/lib/crypto/vault-crypto";
import { MissingAccessKeyError, openContentKey, WrongAccessKeyError } from "./item-key";

const KEY_ID = "3f0c8a52-5d0b-4a8e-9a0f-6c1f1d2b7e11";
const ASSET_ID = "0d5b7f2e-9c1a-4b3d-8e6f-1a2b3c4d5e6f";
const OTHER_ASSET = "1e6c8a3f-0d2b-4c4e-9f7a-2b3c4d5e6f70";

/** An item as the owner's browser saved it for a beneficiary key, and what the portal answers for it. */
async function wrappedItem({ escrow = false } = {}) {
  const serverShare = randomShare();
  const accessKey = randomShare();
  const contentKey = await newContentKey();
  const bk = await importBeneficiaryKey(combineShares(serverShare, accessKey));
  const blob = await encryptJson(contentKey, { text: "for you" });
  const key: LegacyItemKey = {
    kind: "beneficiary-key",
    beneficiaryKeyId: KEY_ID,
    serverShare: toBase64(serverShare),
    escrowShare: escrow ? toBase64(accessKey) : null,
    wrappedKey: toBase64(await wrapContentKey(contentKey, bk, ASSET_ID)),
  };
  return { key, accessKey, blob };
}

describe("an item's content key in the portal", () => {
  it("opens with the server share and the access key the beneficiary brought", async () => {
    const { key, accessKey, blob } = await wrappedItem();
    const ck = await openContentKey({ assetId: ASSET_ID, key, accessKey });
    expect(await decryptJson(ck, blob)).toEqual({ text: "for you" });
  });

  it("opens with the escrowed access key alone, whatever the beneficiary brought", async () => {
    const { key, blob } = await wrappedItem({ escrow: true });
    for (const accessKey of [undefined, randomShare()]) {
      const ck = await openContentKey({ assetId: ASSET_ID, key, accessKey });
      expect(await decryptJson(ck, blob)).toEqual({ text: "for you" });
    }
  });

  it("asks for the access key when none was brought", async () => {
    const { key } = await wrappedItem();
    await expect(openContentKey({ assetId: ASSET_ID, key, accessKey: undefined })).rejects.toThrow(
      MissingAccessKeyError,
    );
  });

  it("refuses another access key, or the right one for another item", async () => {
    const { key, accessKey } = await wrappedItem();
    await expect(
      openContentKey({ assetId: ASSET_ID, key, accessKey: randomShare() }),
    ).rejects.toThrow(WrongAccessKeyError);
    await expect(openContentKey({ assetId: OTHER_ASSET, key, accessKey })).rejects.toThrow(
      WrongAccessKeyError,
    );
  });

  it("fails as damaged when the escrowed key or the server's answer was changed", async () => {
    const { key } = await wrappedItem({ escrow: true });
    if (key.kind !== "beneficiary-key") throw new Error("unreachable");
    const changed = { ...key, escrowShare: toBase64(randomShare()) };
    await expect(
      openContentKey({ assetId: ASSET_ID, key: changed, accessKey: undefined }),
    ).rejects.toThrow(DecryptError);
    const notBase64 = { ...key, serverShare: "%%%" };
    await expect(
      openContentKey({ assetId: ASSET_ID, key: notBase64, accessKey: undefined }),
    ).rejects.toThrow(DecryptError);
    const short = { ...key, escrowShare: toBase64(new Uint8Array(31)) };
    await expect(
      openContentKey({ assetId: ASSET_ID, key: short, accessKey: undefined }),
    ).rejects.toThrow(DecryptError);
  });

  it("opens an item of an owner who has not signed in since (the raw content key)", async () => {
    const contentKey = await newContentKey();
    const raw = new Uint8Array(await crypto.subtle.exportKey("raw", contentKey));
    const blob = await encryptJson(contentKey, { text: "as before" });
    const ck = await openContentKey({
      assetId: ASSET_ID,
      key: { kind: "content-key", contentKey: toBase64(raw) },
      accessKey: undefined,
    });
    expect(await decryptJson(ck, blob)).toEqual({ text: "as before" });
  });
});
