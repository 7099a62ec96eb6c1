import type { ClientImportDetail, UploadClientImportInput } from "@common/client-imports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { clientImportQueryKey } from "./get-client-import";
import { clientImportsQueryKey } from "./list-client-imports";

/** Sends the file to be checked (the preview); nobody is invited yet. The same file again answers its earlier import. */
export const uploadClientImport = (input: UploadClientImportInput) =>
  api<ClientImportDetail>("/api/firm/client-imports", { method: "POST", body: input });

export function useUploadClientImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadClientImport,
    onSuccess: (detail) => {
      qc.setQueryData([...clientImportQueryKey, detail.import.id], detail);
      return qc.invalidateQueries({ queryKey: clientImportsQueryKey });
    },
  });
}
