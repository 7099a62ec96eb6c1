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
import { encryptJson, toBase64 } from "@/lib/crypto/vault-crypto";
import { uploadFile } from "@/lib/upload";
import { beneficiaryKeysFor, invalidateBeneficiaryKeys } from "../beneficiary-wrap";
import { assetsQueryKey } from "./list-assets";
import { sealedTitleOrNone, type UpdateAssetInput } from "./update-asset";
import { forgetUpload } from "../upload-resume";
import type { UploadProgress } from "./upload-asset-file";
import { sendFileChunks } from "./upload-asset-file-in-chunks";

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
 * Saves the asset's changes, its re-encrypted content and the files that content describes. Each
 * new file is first sent in encrypted chunks (docs/decisions/108), which stay an upload, not the
 * asset's file; then one request names the uploads with the content, and the server stores it all
 * in one transaction: all of it, or (on any failure) none, and the asset stays as it was. Fails
 * with FileReadError (that file could not be read) or ApiError.
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
  const sent = ASSET_FILE_KINDS.flatMap((kind) => {
    const file = files[kind];
    return file ? [{ kind, ...file }] : [];
  });
  const total = sent.reduce((n, f) => n + f.file.size, 0) || 1;
  let done = 0;
  for (const { kind, file, contentType } of sent) {
    const uploadId = await sendFileChunks({
      assetId: id,
      kind,
      contentKey,
      file,
      contentType,
      signal,
      onProgress: (p) =>
        onProgress?.({ phase: p.phase, fraction: (done + p.fraction * file.size) / total }),
    });
    json.files[kind] = { uploadId };
    done += file.size;
  }
  const head = new TextEncoder().encode(JSON.stringify(json));
  const { asset } = await uploadFile<{ asset: AssetView }>(
    `/api/assets/${encodeURIComponent(id)}/files`,
    new Blob([head]),
    {
      headers: {
        "content-type": "application/octet-stream",
        [ASSET_FILES_JSON_LENGTH_HEADER]: String(head.byteLength),
      },
      signal,
    },
  );
  for (const { file } of sent) await forgetUpload(file);
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
