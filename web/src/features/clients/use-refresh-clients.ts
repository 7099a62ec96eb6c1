import { CLIENT_MSG } from "@common/clients";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { clientsQueryKey } from "./api/list-clients";

/** The Refresh button: refetches the client lists and profiles shown, then says so ('Client list refreshed'). */
export function useRefreshClients() {
  const qc = useQueryClient();
  const [isRefreshing, setIsRefreshing] = useState(false);
  const refresh = async () => {
    setIsRefreshing(true);
    try {
      await qc.invalidateQueries({ queryKey: clientsQueryKey }, { throwOnError: true });
      toast.success(CLIENT_MSG.refreshed);
    } catch {
      toast.error(CLIENT_MSG.loadFailed, { id: "clients-load" });
    } finally {
      setIsRefreshing(false);
    }
  };
  return { refresh, isRefreshing };
}
