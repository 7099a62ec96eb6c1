import { z } from "zod";

/**
 * Ciphertext as the API carries it: an AES-GCM blob (IV ‖ ciphertext ‖ tag) in base64. Assets,
 * keys and beneficiaries send their wrapped keys and encrypted fields in this shape.
 */

/** AES-GCM adds a 12-byte IV and a 16-byte tag to every plaintext (docs/decisions/009). */
export const GCM_OVERHEAD_BYTES = 28;
/** A wrapped content key: IV ‖ 32-byte key ‖ tag is 60 bytes. */
export const WRAPPED_KEY_MAX_BYTES = 100;
/** The encrypted JSON of an asset's small fields (files travel separately). */
export const ENCRYPTED_DATA_MAX_BYTES = 256 * 1024;

export const CIPHERTEXT_MSG = {
  notCiphertext: "The content must be encrypted before it is uploaded",
} as const;

/** The byte length of a valid base64 string, without decoding it. */
export const base64Length = (s: string) =>
  Math.floor((s.length * 3) / 4) - (s.endsWith("==") ? 2 : s.endsWith("=") ? 1 : 0);

/** An AES-GCM blob (IV ‖ ciphertext ‖ tag) in base64, between 28 bytes and `maxBytes` decoded. */
export const ciphertextBase64 = (maxBytes: number, tooLarge: string) =>
  z
    .string()
    .max(Math.ceil(maxBytes / 3) * 4, tooLarge)
    .pipe(z.base64(CIPHERTEXT_MSG.notCiphertext))
    .refine((s) => base64Length(s) >= GCM_OVERHEAD_BYTES, CIPHERTEXT_MSG.notCiphertext)
    .refine((s) => base64Length(s) <= maxBytes, tooLarge);

export const wrappedKeySchema = ciphertextBase64(
  WRAPPED_KEY_MAX_BYTES,
  `The wrapped key must be at most ${WRAPPED_KEY_MAX_BYTES} bytes`,
);
export const encryptedDataSchema = ciphertextBase64(
  ENCRYPTED_DATA_MAX_BYTES,
  `The encrypted content must be at most ${ENCRYPTED_DATA_MAX_BYTES / 1024} KB`,
);
