import { z } from "zod";
import { emailSchema } from "./auth-schemas.js";
import { ASSET_FILE_KINDS, ASSET_TYPES, ENCRYPTED_DATA_MAX_BYTES, GCM_OVERHEAD_BYTES, TITLE_MAX_LENGTH, WRAPPED_KEY_MAX_BYTES } from "./vault-constants.js";
import { VAULT_MSG } from "./vault-messages.js";

/** The byte length of a valid base64 string, without decoding it. */
export const base64Length = (s: string) => Math.floor((s.length * 3) / 4) - (s.endsWith("==") ? 2 : s.endsWith("=") ? 1 : 0);

/** An AES-GCM blob (IV ‖ ciphertext ‖ tag) in base64, between 28 bytes and `maxBytes` decoded. */
const ciphertextBase64 = (maxBytes: number, tooLarge: string) =>
  z
    .string()
    .max(Math.ceil(maxBytes / 3) * 4, tooLarge)
    .pipe(z.base64(VAULT_MSG.notCiphertext))
    .refine((s) => base64Length(s) >= GCM_OVERHEAD_BYTES, VAULT_MSG.notCiphertext)
    .refine((s) => base64Length(s) <= maxBytes, tooLarge);

export const wrappedKeySchema = ciphertextBase64(WRAPPED_KEY_MAX_BYTES, `The wrapped key must be at most ${WRAPPED_KEY_MAX_BYTES} bytes`);
export const encryptedDataSchema = ciphertextBase64(ENCRYPTED_DATA_MAX_BYTES, `The encrypted content must be at most ${ENCRYPTED_DATA_MAX_BYTES / 1024} KB`);

export const assetTypeSchema = z.enum(ASSET_TYPES);
export const assetFileKindSchema = z.enum(ASSET_FILE_KINDS);
const titleSchema = z.string().trim().min(1, VAULT_MSG.titleRequired).max(TITLE_MAX_LENGTH, VAULT_MSG.titleTooLong);
const beneficiaryEmailSchema = emailSchema.nullable();

/**
 * A new asset. The browser makes its id (crypto.randomUUID()) because the content key is
 * wrapped with the asset id as additional data before anything is sent (docs/decisions/009).
 */
export const createAssetSchema = z.strictObject({
  id: z.uuid(),
  type: assetTypeSchema,
  title: titleSchema,
  beneficiaryEmail: beneficiaryEmailSchema.optional().transform((v) => v ?? null),
  wrappedKey: wrappedKeySchema,
  encryptedData: encryptedDataSchema,
});
export type CreateAssetInput = z.infer<typeof createAssetSchema>;

/** The fields an update may change; each left out is kept. */
const assetChanges = {
  title: z
    .string()
    .trim()
    .max(TITLE_MAX_LENGTH, VAULT_MSG.titleTooLong)
    .optional()
    .transform((s) => (s ? s : undefined)),
  beneficiaryEmail: beneficiaryEmailSchema.optional(),
  wrappedKey: wrappedKeySchema.optional(),
  encryptedData: encryptedDataSchema.optional(),
};
const releaseFieldsRefused = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === "unrecognized_keys" && issue.keys.some((k) => k.startsWith("release")) ? VAULT_MSG.releaseNotEditable : undefined,
};

/**
 * Spec 02 §5: the title is applied only when non-empty, beneficiaryEmail whenever present (null
 * clears it), new content only when supplied. The release fields are not the owner's to set
 * (they belong to the release), so they are refused like any unknown field.
 */
export const updateAssetSchema = z
  .strictObject(assetChanges, releaseFieldsRefused)
  .refine((v) => !v.wrappedKey || !!v.encryptedData, { message: VAULT_MSG.keyWithoutContent, path: ["encryptedData"] });
export type UpdateAssetInput = z.infer<typeof updateAssetSchema>;

/** A file of a PUT /api/assets/:id/files body: the plaintext's declared type and the ciphertext's length; null removes the file. */
const filePartSchema = z.strictObject({ contentType: z.string().max(255), size: z.int().min(GCM_OVERHEAD_BYTES, VAULT_MSG.notCiphertext) }).nullable();

/**
 * PUT /api/assets/:id/files: an update, with the new content that describes the asset's files,
 * and the files themselves, stored together or not at all. This JSON opens the body (its length
 * in ASSET_FILES_JSON_LENGTH_HEADER); the files' bytes follow in ASSET_FILE_KINDS order. A kind
 * left out keeps its file.
 */
export const updateAssetFilesSchema = z.strictObject(
  {
    ...assetChanges,
    encryptedData: encryptedDataSchema,
    files: z.strictObject({ document: filePartSchema.optional(), recording: filePartSchema.optional(), attachment: filePartSchema.optional() }),
  },
  releaseFieldsRefused,
);
export type UpdateAssetFilesInput = z.infer<typeof updateAssetFilesSchema>;

/** GET /api/assets?type=&search= (search: title contains, case-insensitive). */
export const assetListQuerySchema = z.object({
  type: assetTypeSchema.optional(),
  search: z.string().trim().max(TITLE_MAX_LENGTH).optional().default(""),
});
export type AssetListQuery = z.infer<typeof assetListQuerySchema>;
