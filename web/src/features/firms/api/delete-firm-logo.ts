import type { FirmView } from "@common/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeFirm } from "./get-firm";

/** Removes the firm's logo. */
export const deleteFirmLogo = async () =>
  (await api<{ firm: FirmView }>("/api/firm/logo", { method: "DELETE" })).firm;

export function useDeleteFirmLogo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteFirmLogo,
    onSuccess: (firm) => storeFirm(qc, firm),
  });
}
