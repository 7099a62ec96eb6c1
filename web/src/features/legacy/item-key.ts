import type { LegacyItemKey } from "@common/legacy";
import { deriveMessageKey, rawKeyOf } from "@/lib/crypto/message-keys";
import { combineShares, importBeneficiaryKey } from "@/lib/crypto/beneficiary-keys";
import {
  DecryptError,
  fromBase64,
  importContentKey,
  unwrapContentKey,
} from "@/lib/crypto/vault-crypto";

/** Base64 that does not decode is damaged like a wrong tag: nothing can be shown. */
export function decode(base64: string): Uint8Array {
  try {
    return fromBase64(base64);
  } catch {
    throw new DecryptError();
  }
}

/** The access key the beneficiary brought does not open this item (the GCM tag of its wrapped content key fails). */
export class WrongAccessKeyError extends Error {
  constructor() {
    super("Wrong access key");
  }
}

/** The item needs an access key and none was given. */
export class MissingAccessKeyError extends Error {
  constructor() {
    super("No access key");
  }
}

/**
 * An item's content key from what GET /api/legacy/items/:id answered (docs/decisions/032):
 * "content-key" is the key itself; "beneficiary-key" is unwrapped with BK = server share XOR access
 * key, the asset id as additional data. The access key is the escrowed one when the owner let the
 * service hold it, else `accessKey` (the one the beneficiary brought).
 * Throws MissingAccessKeyError, WrongAccessKeyError, or DecryptError (the escrowed key fails: damage).
 */
export async function openContentKey({
  assetId,
  key,
  accessKey,
  extractable = false,
}: {
  assetId: string;
  key: LegacyItemKey;
  accessKey: Uint8Array | undefined;
  /** Only for a message, whose key MK is derived from this one's bytes (decision 089). */
  extractable?: boolean;
}): Promise<CryptoKey> {
  if (key.kind === "content-key") return importContentKey(decode(key.contentKey));
  const serverShare = decode(key.serverShare);
  const wrapped = decode(key.wrappedKey);
  const escrowed = key.escrowShare === null ? null : decode(key.escrowShare);
  const share = escrowed ?? accessKey;
  if (!share) throw new MissingAccessKeyError();
  try {
    const beneficiaryKey = await importBeneficiaryKey(combineShares(serverShare, share));
    return await unwrapContentKey(wrapped, beneficiaryKey, assetId, extractable);
  } catch {
    // The escrowed share comes with the item: if it fails, the stored bytes were changed.
    throw escrowed ? new DecryptError() : new WrongAccessKeyError();
  }
}

/**
 * A message's key MK = HKDF(the item key, salt W) (docs/decisions/089): W comes only with a
 * delivered message; `itemKey` is the extractable key openContentKey gave for it.
 */
export async function openMessageKey({
  assetId,
  key,
  itemKey,
  waitingShare,
}: {
  assetId: string;
  key: LegacyItemKey;
  itemKey: CryptoKey;
  waitingShare: string;
}): Promise<CryptoKey> {
  const raw = key.kind === "content-key" ? decode(key.contentKey) : await rawKeyOf(itemKey);
  return deriveMessageKey(raw, decode(waitingShare), assetId);
}
