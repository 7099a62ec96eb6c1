import type { BeneficiaryKeyView } from "@common/keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { accessKeyLink, accessKeyToText } from "@/lib/crypto/beneficiary-keys";
import { toBase64 } from "@/lib/crypto/vault-crypto";
import { dataKeyQueryOptions } from "./api/get-data-key";
import { beneficiaryKeysQueryKey } from "./api/list-beneficiary-keys";
import { updateBeneficiaryKey } from "./api/update-beneficiary-key";
import { unwrapAccessKey } from "./key-ring";
import { reissueKey, type ReissueProgress } from "./reissue";

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
 * old access key and any escrowed copy open nothing any more; the address's items are wrapped with
 * the new key at once (`reissueKey`), the mutation staying busy until that is done. `progress`
 * says how far it got; `stillPreparing` counts the items left unwrapped after the retry (they
 * open for no one until the next sign-in wraps them).
 */
export function useReissueKey() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<ReissueProgress>();
  const [stillPreparing, setStillPreparing] = useState(0);
  const mutation = useMutation({
    mutationFn: async (key: BeneficiaryKeyView) => {
      setStillPreparing(0);
      const result = await reissueKey({
        queryClient: qc,
        getDataKey: () => qc.fetchQuery(dataKeyQueryOptions()),
        key,
        onProgress: setProgress,
      });
      setStillPreparing(result.remaining);
      return result;
    },
    onSettled: () => {
      setProgress(undefined);
      return qc.invalidateQueries({ queryKey: beneficiaryKeysQueryKey });
    },
  });
  return { ...mutation, progress, stillPreparing };
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
