import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM under a server-held key: 12-byte random IV ‖ ciphertext ‖ 16-byte tag, with `context` as additional data. */
export type Sealer = {
  seal(context: string, plaintext: Buffer): Buffer;
  /** Throws when the blob was sealed for another context, under another key, or altered. */
  open(context: string, sealed: Buffer): Buffer;
};

export function createSealer(key: Buffer): Sealer {
  return {
    seal(context, plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES }).setAAD(
        Buffer.from(context, "utf8"),
      );
      return Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    },
    open(context, sealed) {
      if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error("sealed data is too short");
      const iv = sealed.subarray(0, IV_BYTES);
      const tag = sealed.subarray(sealed.length - TAG_BYTES);
      const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES })
        .setAAD(Buffer.from(context, "utf8"))
        .setAuthTag(tag);
      return Buffer.concat([
        decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]);
    },
  };
}
