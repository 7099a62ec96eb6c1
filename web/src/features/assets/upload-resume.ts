import { z } from "zod";
import { fileFingerprint } from "@/lib/crypto/file-chunks";

/*
 * Which upload a picked file was going into, kept in the browser's storage so that picking the
 * same file again after a closed tab resumes it (docs/decisions/108). Keyed by a fingerprint of
 * the file (no name kept); the ids are an item's and an upload's, nothing secret.
 */

const rememberedUploadSchema = z.object({ assetId: z.string(), uploadId: z.string() });
export type RememberedUpload = z.infer<typeof rememberedUploadSchema>;

const PREFIX = "lv.upload.";
const keyOf = async (file: Blob) =>
  file instanceof File ? PREFIX + (await fileFingerprint(file)) : null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: no resume after a closed tab, the rest works
  }
}

export async function rememberUpload(file: Blob, upload: RememberedUpload) {
  const key = await keyOf(file);
  if (key) storage()?.setItem(key, JSON.stringify(upload));
}

export async function recallUpload(file: Blob): Promise<RememberedUpload | null> {
  const key = await keyOf(file);
  const text = key ? storage()?.getItem(key) : null;
  if (!text) return null;
  try {
    const value = rememberedUploadSchema.safeParse(JSON.parse(text));
    return value.success ? { assetId: value.data.assetId, uploadId: value.data.uploadId } : null;
  } catch {
    return null; // not JSON
  }
}

export async function forgetUpload(file: Blob) {
  const key = await keyOf(file);
  if (key) storage()?.removeItem(key);
}
