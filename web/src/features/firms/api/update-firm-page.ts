import type { UpdateFirmPageInput } from "@common/firm-page";
import type { FirmView } from "@common/firms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeFirm } from "./get-firm";

/** The firm page's address, colour and published code (firm admin). */
export const updateFirmPage = async (input: UpdateFirmPageInput) =>
  (await api<{ firm: FirmView }>("/api/firm/page", { method: "PATCH", body: input })).firm;

export function useUpdateFirmPage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateFirmPage,
    onSuccess: (firm) => storeFirm(qc, firm),
  });
}
