import type { BeneficiaryView } from "@common/beneficiaries";
import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";
import { plaintextMeta } from "@/lib/keys/vault-lock";
import { openBeneficiary, type OpenedBeneficiary } from "../seal-details";

export type Beneficiary = OpenedBeneficiary;

const fetchBeneficiaries = async () =>
  (await api<{ beneficiaries: BeneficiaryView[] }>("/api/beneficiaries")).beneficiaries;

/**
 * The signed-in user's beneficiaries, newest first, their sealed details opened when this tab holds
 * the data key. Names and e-mails need no key, so the picker and the release plan work while the
 * vault is locked; a detail that does not open is left unread rather than failing the list.
 */
export async function listBeneficiaries(qc: QueryClient): Promise<Beneficiary[]> {
  const views = await fetchBeneficiaries();
  const dataKey = views.some((v) => v.details)
    ? await qc.fetchQuery(dataKeyQueryOptions()).catch(() => null)
    : null;
  return Promise.all(
    views.map((v) => openBeneficiary(v, dataKey).catch(() => openBeneficiary(v, null))),
  );
}

export const beneficiariesQueryKey = ["beneficiaries"] as const;
export const beneficiariesQueryOptions = (qc: QueryClient) =>
  queryOptions({
    queryKey: beneficiariesQueryKey,
    queryFn: () => listBeneficiaries(qc),
    meta: plaintextMeta, // the opened details: a lock removes them (decision 046)
  });
export function useBeneficiaries() {
  const qc = useQueryClient();
  return useQuery(beneficiariesQueryOptions(qc));
}
