import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ExportProgress, ExportedVault } from "./export-vault";

export type ExportVaultVariables = {
  email: string;
  onProgress: (progress: ExportProgress) => void;
  signal: AbortSignal;
  archivePassword?: string;
};

/**
 * Runs the export (export-vault.ts, loaded with fflate only now: the profile's first paint does
 * not carry it). A mutation, so that a locked tab's VaultLockedError opens the unlock dialog.
 */
export function useExportVault() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: ExportVaultVariables): Promise<ExportedVault> => {
      const { exportVault } = await import("./export-vault");
      return exportVault({ queryClient, ...variables });
    },
  });
}
