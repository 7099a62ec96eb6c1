import type { PlaybookTicks, PlaybookTicksView } from "@common/playbook";
import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";
import { meQueryOptions } from "@/lib/me";
import { openTicks } from "../seal-ticks";

/** The signed-in owner's checklist as the server keeps it: sealed, and how many are ticked. */
export const getPlaybook = () => api<PlaybookTicksView>("/api/playbook");

export const playbookQueryKey = ["playbook"] as const;

/** The count only, for the summary on /release: no key needed. */
export const playbookQueryOptions = () =>
  queryOptions({ queryKey: [...playbookQueryKey, "sealed"], queryFn: getPlaybook });
export const usePlaybook = () => useQuery(playbookQueryOptions());

/**
 * The ticks opened in this tab with the data key (the screen asks to unlock first). A checklist
 * sealed under a data key the vault no longer has (after a reset without the recovery kit) opens
 * as empty, and says so.
 */
export type OpenedPlaybook = { ticks: PlaybookTicks; isUnreadable: boolean };

export async function openPlaybook(qc: QueryClient): Promise<OpenedPlaybook> {
  const [view, dataKey, me] = await Promise.all([
    getPlaybook(),
    qc.fetchQuery(dataKeyQueryOptions()),
    qc.fetchQuery(meQueryOptions()),
  ]);
  if (!view.sealed || !me) return { ticks: {}, isUnreadable: false };
  try {
    return { ticks: await openTicks(dataKey, me.id, view.sealed), isUnreadable: false };
  } catch (err) {
    if (err instanceof DecryptError) return { ticks: {}, isUnreadable: true };
    throw err;
  }
}

export const openedPlaybookQueryKey = [...playbookQueryKey, "opened"] as const;

export function useOpenedPlaybook() {
  const qc = useQueryClient();
  return useQuery({ queryKey: openedPlaybookQueryKey, queryFn: () => openPlaybook(qc) });
}
