import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveKey } from "./master-key.js";

const IV_BYTES = 12;
const TAG_BYTES = 16;
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
  const kek = deriveKey(masterKey, "user-data-key-wrap");
  const wrap = (userId: string, dataKey: Buffer) => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", kek, iv, { authTagLength: TAG_BYTES }).setAAD(Buffer.from(userId, "utf8"));
    return Buffer.concat([iv, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
  };
  return {
    create: (userId) => wrap(userId, randomBytes(DATA_KEY_BYTES)),
    wrap,
    unwrap(userId, wrapped) {
      if (wrapped.length < IV_BYTES + TAG_BYTES) throw new Error("wrapped data key is too short");
      const iv = wrapped.subarray(0, IV_BYTES);
      const tag = wrapped.subarray(wrapped.length - TAG_BYTES);
      const decipher = createDecipheriv("aes-256-gcm", kek, iv, { authTagLength: TAG_BYTES }).setAAD(Buffer.from(userId, "utf8")).setAuthTag(tag);
      return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES, wrapped.length - TAG_BYTES)), decipher.final()]);
    },
  };
}
