import type { FileTypeRule } from "@common/assets/files";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCreateAsset } from "@/features/assets/api/create-asset";
import { useDeleteAsset } from "@/features/assets/api/delete-asset";
import { openAssetQueryOptions } from "@/features/assets/api/get-asset";
import type { UploadProgress } from "@/features/assets/api/upload-asset-file";
import {
  getFileUpload,
  useUploadAssetFileInChunks,
} from "@/features/assets/api/upload-asset-file-in-chunks";
import { forgetUpload, recallUpload } from "@/features/assets/upload-resume";
import { ApiError } from "@/lib/api-client";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";

export type UploadDocumentInput = {
  title: string;
  notes: string;
  beneficiaryEmails: string[];
  file: File;
  /** The rule vault/check-file.ts found for the file: its type is what the content and the server are told. */
  rule: FileTypeRule;
  onProgress: (progress: UploadProgress) => void;
};

/**
 * A new document: the asset (its encrypted metadata) first, then the file, encrypted with the
 * asset's new content key chunk by chunk (docs/decisions/108). When the file is refused, the
 * asset is deleted again: nothing half-made. When the connection is lost for good (or the tab
 * closes), the asset and its upload stay: picking the same file again resumes into them.
 */
export function useUploadDocument() {
  const qc = useQueryClient();
  const { mutateAsync: createAsset } = useCreateAsset<"document">();
  const { mutateAsync: uploadFile } = useUploadAssetFileInChunks();
  const { mutateAsync: deleteAsset } = useDeleteAsset();
  return useMutation({
    mutationFn: async ({
      title,
      notes,
      beneficiaryEmails,
      file,
      rule,
      onProgress,
    }: UploadDocumentInput) => {
      const resumed = await resumable(qc, file);
      const content = { fileName: file.name, contentType: rule.type, fileSize: file.size, notes };
      const { asset, contentKey } =
        resumed ??
        (await createAsset({ type: "document", title: title.trim(), beneficiaryEmails, content }));
      try {
        await uploadFile({
          assetId: asset.id,
          kind: "document",
          contentKey,
          file,
          contentType: rule.type,
          onProgress,
          resumeUploadId: resumed?.uploadId,
        });
      } catch (err) {
        if (err instanceof ApiError && err.status === 0) throw err; // kept for a resume
        await forgetUpload(file);
        if (!resumed) await deleteAsset(asset.id).catch(() => undefined);
        throw err;
      }
      return asset;
    },
  });
}

/** The item and upload that this same file was going into before a closed tab, if both are still there. */
async function resumable(qc: QueryClient, file: File) {
  const remembered = await recallUpload(file);
  if (!remembered) return null;
  try {
    await getFileUpload(remembered.assetId, "document", remembered.uploadId);
    const dataKey = await qc.fetchQuery(dataKeyQueryOptions());
    const opened = await qc.fetchQuery(
      openAssetQueryOptions<"document">(remembered.assetId, dataKey),
    );
    return { ...opened, uploadId: remembered.uploadId };
  } catch {
    await forgetUpload(file);
    return null;
  }
}
