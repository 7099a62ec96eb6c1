import { countTicked, type PlaybookTicks, type PlaybookTicksView } from "@common/playbook";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { fetchDataKeyOrAsk } from "@/lib/keys/api/get-data-key";
import { meQueryOptions } from "@/lib/me";
import { sealTicks } from "../seal-ticks";
import { openedPlaybookQueryKey, playbookQueryKey, type OpenedPlaybook } from "./get-playbook";

/** Seals the whole checklist anew (a fresh key each time) and saves it with its count. */
export async function updatePlaybook(
  ticks: PlaybookTicks,
  { dataKey, ownerId }: { dataKey: CryptoKey; ownerId: string },
) {
  const sealed = await sealTicks(dataKey, ownerId, ticks);
  return api<PlaybookTicksView>("/api/playbook", {
    method: "PUT",
    body: { ...sealed, tickedCount: countTicked(ticks) },
  });
}

export function useUpdatePlaybook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (ticks: PlaybookTicks) => {
      const [dataKey, me] = await Promise.all([
        fetchDataKeyOrAsk(qc),
        qc.fetchQuery(meQueryOptions()),
      ]);
      if (!me) throw new Error("Sign in again to save your checklist.");
      await updatePlaybook(ticks, { dataKey, ownerId: me.id });
      return ticks;
    },
    onSuccess: (ticks) => {
      qc.setQueryData<OpenedPlaybook>(openedPlaybookQueryKey, { ticks, isUnreadable: false });
      return qc.invalidateQueries({ queryKey: [...playbookQueryKey, "sealed"] });
    },
  });
}
