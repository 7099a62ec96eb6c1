import { useMutation, useQueryClient } from "@tanstack/react-query";
import { uploadFile } from "@/lib/upload";
import { clientReleaseQueryKey } from "./get-client-release";

export type UploadClientReleaseDocumentInput = {
  clientId: string;
  file: File;
  /** The type the browser's check found (application/pdf, image/jpeg or image/png). */
  contentType: string;
  /** Share of the file sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
};

/** The attestation's document (e.g. a death certificate), right after the attestation: a raw body with progress. 413/415 with a message. */
export const uploadClientReleaseDocument = ({
  clientId,
  file,
  contentType,
  onProgress,
}: UploadClientReleaseDocumentInput) =>
  uploadFile<{ ok: true }>(`/api/clients/${encodeURIComponent(clientId)}/release/document`, file, {
    headers: {
      "content-type": "application/octet-stream",
      "x-content-type": contentType,
      "x-file-name": encodeURIComponent(file.name),
    },
    onProgress,
  });

export function useUploadClientReleaseDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadClientReleaseDocument,
    onSuccess: (_, { clientId }) =>
      qc.invalidateQueries({ queryKey: clientReleaseQueryKey(clientId) }),
  });
}
