import type {
  AssetType,
  AssetView,
  ContentOf,
  UpdateAssetFilesInput as FilesBodyJson,
} from "@common/assets";
import {
  ASSET_FILE_KINDS,
  ASSET_FILES_JSON_LENGTH_HEADER,
  type AssetFileKind,
} from "@common/assets/files";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { encryptBytes, encryptJson, toBase64 } from "@/lib/crypto/vault-crypto";
import { uploadFile } from "@/lib/upload";
import { beneficiaryKeysFor, invalidateBeneficiaryKeys } from "../beneficiary-wrap";
import { assetsQueryKey } from "./list-assets";
import { sealedTitleOrNone, type UpdateAssetInput } from "./update-asset";
import { ENCRYPT_SHARE, FileReadError, type UploadProgress } from "./upload-asset-file";

/** A new file for the asset: the plaintext and its type as the vault's rules name it. */
export type NewAssetFile = { file: Blob; contentType: string };

export type UpdateAssetFilesInput<T extends AssetType> = UpdateAssetInput<T> & {
  content: ContentOf<T>;
  /** Per kind: a new file, null to remove the stored one; a kind left out keeps its file. */
  files: Partial<Record<AssetFileKind, NewAssetFile | null>>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * Saves the asset's changes, its re-encrypted content and the files that content describes in
 * one request, which the server stores in one transaction: all of it, or (on any failure) none,
 * and the asset stays as it was. The body is the JSON, then each new file's ciphertext in
 * ASSET_FILE_KINDS order. Fails with FileReadError (nothing was sent) or ApiError.
 */
export async function updateAssetFiles<T extends AssetType>(
  queryClient: QueryClient,
  {
    id,
    title,
    beneficiaryEmails,
    previousBeneficiaryEmails,
    contentKey,
    wrappedKey,
    content,
    files,
    onProgress,
    signal,
  }: UpdateAssetFilesInput<T>,
) {
  onProgress?.({ phase: "encrypting", fraction: 0 });
  const parts: { kind: AssetFileKind; contentType: string; ciphertext: Uint8Array<ArrayBuffer> }[] =
    [];
  try {
    for (const kind of ASSET_FILE_KINDS) {
      const file = files[kind];
      if (file)
        parts.push({
          kind,
          contentType: file.contentType,
          ciphertext: await encryptBytes(contentKey, await file.file.arrayBuffer()),
        });
    }
  } catch (err) {
    throw new FileReadError(err);
  }
  const json: FilesBodyJson = {
    encryptedTitle: await sealedTitleOrNone(contentKey, id, title),
    beneficiaryEmails,
    encryptedData: toBase64(await encryptJson(contentKey, content)),
    beneficiaryKeys: await beneficiaryKeysFor(queryClient, {
      assetId: id,
      wrappedKey,
      beneficiaryEmails,
      previousBeneficiaryEmails,
      isNewContentKey: false,
    }),
    files: Object.fromEntries(
      ASSET_FILE_KINDS.filter((kind) => files[kind] === null).map((kind) => [kind, null]),
    ),
  };
  for (const { kind, contentType, ciphertext } of parts)
    json.files[kind] = { contentType, size: ciphertext.byteLength };
  const head = new TextEncoder().encode(JSON.stringify(json));
  onProgress?.({ phase: "uploading", fraction: ENCRYPT_SHARE });
  const { asset } = await uploadFile<{ asset: AssetView }>(
    `/api/assets/${encodeURIComponent(id)}/files`,
    new Blob([head, ...parts.map((p) => p.ciphertext)]),
    {
      headers: {
        "content-type": "application/octet-stream",
        [ASSET_FILES_JSON_LENGTH_HEADER]: String(head.byteLength),
      },
      onProgress: (f) =>
        onProgress?.({ phase: "uploading", fraction: ENCRYPT_SHARE + (1 - ENCRYPT_SHARE) * f }),
      signal,
    },
  );
  return asset;
}

export function useUpdateAssetFiles<T extends AssetType>() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAssetFilesInput<T>) => updateAssetFiles(qc, input),
    onSuccess: () => {
      void invalidateBeneficiaryKeys(qc);
      return qc.invalidateQueries({ queryKey: assetsQueryKey });
    },
  });
}
