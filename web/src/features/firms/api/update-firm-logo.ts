import type { FirmView } from "@common/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { uploadFile } from "@/lib/upload";
import { storeFirm } from "./get-firm";

export type UpdateFirmLogoInput = { file: File; onProgress?: (fraction: number) => void };

/** Replaces the firm's logo with `file`, sent as the raw body; the server checks type by content and the 2 MB limit. */
export const updateFirmLogo = async ({ file, onProgress }: UpdateFirmLogoInput) =>
  (await uploadFile<{ firm: FirmView }>("/api/firm/logo", file, { onProgress })).firm;

export function useUpdateFirmLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateFirmLogo,
    onSuccess: (firm) => storeFirm(qc, firm),
  });
}
