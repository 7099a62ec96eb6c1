/**
 * Messages for later (docs/decisions/089), WebCrypto only. A message's content and its recording
 * or video are sealed with MK = HKDF-SHA-256(the item key CK, salt W, "message-key:<id>"), where W
 * is 32 random bytes made here that the server keeps (sealed) and gives the recipient only on the
 * message's day. CK is wrapped as any item's (for the owner's data key and each recipient's
 * beneficiary key), so the owner opens it any time and a recipient only with W.
 */
import { messageKeyInfo, MESSAGE_SHARE_BYTES } from "@common/messages";

type Bytes = Uint8Array<ArrayBuffer>;
const te = new TextEncoder();

/** A new waiting share W. */
export const newWaitingShare = (): Bytes =>
  crypto.getRandomValues(new Uint8Array(MESSAGE_SHARE_BYTES));

/** CK's raw bytes (an extractable copy, unwrapped for this only). */
export const rawKeyOf = async (key: CryptoKey): Promise<Bytes> =>
  new Uint8Array(await crypto.subtle.exportKey("raw", key));

/** MK from CK's raw bytes and W, non-extractable, for encrypting and decrypting only. */
export async function deriveMessageKey(
  itemKeyRaw: Uint8Array,
  waitingShare: Uint8Array,
  assetId: string,
): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", new Uint8Array(itemKeyRaw), "HKDF", false, [
    "deriveKey",
  ]);
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(waitingShare),
      info: te.encode(messageKeyInfo(assetId)),
    },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}
