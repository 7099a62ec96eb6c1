import { randomBytes } from "node:crypto";
import { deriveKey } from "./master-key.js";
import { createSealer } from "./sealer.js";

export const DATA_KEY_BYTES = 32;

/** Wraps and unwraps users' data keys (docs/decisions/009). The key-encryption key stays inside. */
export type DataKeyWrapper = {
  /** A fresh random data key, wrapped for `userId`: 12-byte IV ‖ AES-256-GCM ciphertext ‖ 16-byte tag. */
  create(userId: string): Buffer;
  wrap(userId: string, dataKey: Buffer): Buffer;
  /** Throws when the blob was made for another user, under another master key, or altered. */
  unwrap(userId: string, wrapped: Buffer): Buffer;
};

/** KEK = HKDF-SHA-256(master key, "legacy-vault:user-data-key-wrap"); the user id is the GCM additional data. */
export function createDataKeyWrapper(masterKey: Buffer): DataKeyWrapper {
  const sealer = createSealer(deriveKey(masterKey, "user-data-key-wrap"));
  return {
    create: (userId) => sealer.seal(userId, randomBytes(DATA_KEY_BYTES)),
    wrap: (userId, dataKey) => sealer.seal(userId, dataKey),
    unwrap: (userId, wrapped) => sealer.open(userId, wrapped),
  };
}
