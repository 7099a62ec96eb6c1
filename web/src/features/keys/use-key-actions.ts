import type { BeneficiaryKeyView } from "@common/keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { accessKeyLink, accessKeyToText } from "@/lib/crypto/beneficiary-keys";
import { toBase64 } from "@/lib/crypto/vault-crypto";
import { dataKeyQueryOptions } from "./api/get-data-key";
import { beneficiaryKeysQueryKey } from "./api/list-beneficiary-keys";
import { updateBeneficiaryKey } from "./api/update-beneficiary-key";
import { createKey, unwrapAccessKey } from "./key-ring";
import { moveOverWithProgress } from "./use-move-over";

/** "Let the service hold it": the access key goes to the server (sealed there), by the owner's choice. */
export function useEscrowKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (key: BeneficiaryKeyView) => {
      const dataKey = await qc.fetchQuery(dataKeyQueryOptions());
      const accessKey = await unwrapAccessKey(dataKey, key);
      const escrowAccessKey = toBase64(accessKey);
      accessKey.fill(0);
      return updateBeneficiaryKey(key.id, { escrowAccessKey });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: beneficiaryKeysQueryKey }),
  });
}

/**
 * "Re-issue" (and "Stop the service holding it"): a new hand-over key replaces this one, so the
 * old access key and any escrowed copy open nothing any more; the address's items, pending again,
 * are then wrapped with the new key.
 */
export function useReissueKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (key: BeneficiaryKeyView) => {
      const dataKey = await qc.fetchQuery(dataKeyQueryOptions());
      const created = await createKey({
        dataKey,
        email: key.email,
        isEscrowed: false,
        replaces: key.id,
      });
      await moveOverWithProgress(qc, key.email);
      return created.key;
    },
    onSettled: () => qc.invalidateQueries({ queryKey: beneficiaryKeysQueryKey }),
  });
}

/** "I have given it to them". */
export function useHandOverKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (key: BeneficiaryKeyView) => updateBeneficiaryKey(key.id, { handedOver: true }),
    onSettled: () => qc.invalidateQueries({ queryKey: beneficiaryKeysQueryKey }),
  });
}

/** The access key and its link, unwrapped for the dialog that shows them (kept only while it is open). */
export async function revealAccessKey(
  dataKey: CryptoKey,
  key: BeneficiaryKeyView,
  origin: string,
): Promise<{ link: string; text: string }> {
  const accessKey = await unwrapAccessKey(dataKey, key);
  try {
    return { link: accessKeyLink(origin, key.id, accessKey), text: accessKeyToText(accessKey) };
  } finally {
    accessKey.fill(0);
  }
}
