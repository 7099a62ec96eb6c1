import type { FileTypeRule } from "@common/assets/files";
import { useMutation } from "@tanstack/react-query";
import { useCreateAsset } from "@/features/assets/api/create-asset";
import { useDeleteAsset } from "@/features/assets/api/delete-asset";
import { useUploadAssetFile, type UploadProgress } from "@/features/assets/api/upload-asset-file";

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
 * asset's new content key. When the file fails, the asset is deleted again: nothing half-made.
 */
export function useUploadDocument() {
  const { mutateAsync: createAsset } = useCreateAsset<"document">();
  const { mutateAsync: uploadFile } = useUploadAssetFile();
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
      const content = { fileName: file.name, contentType: rule.type, fileSize: file.size, notes };
      const { asset, contentKey } = await createAsset({
        type: "document",
        title: title.trim(),
        beneficiaryEmails,
        content,
      });
      try {
        await uploadFile({
          assetId: asset.id,
          kind: "document",
          contentKey,
          file,
          contentType: rule.type,
          onProgress,
        });
      } catch (err) {
        await deleteAsset(asset.id).catch(() => undefined);
        throw err;
      }
      return asset;
    },
  });
}
