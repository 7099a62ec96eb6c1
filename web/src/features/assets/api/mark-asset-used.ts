import { ASSET_USED_MIN_INTERVAL_MS } from "@common/assets";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "@/lib/api-client";
import { assetsQueryKey } from "./list-assets";

const lastSent = new Map<string, number>();

/**
 * Tells the server the owner copied from or opened an item ("recently used"), at most once a
 * minute per item from this page; true when it was sent. Failure is silent: it is only an order.
 */
export async function markAssetUsed(id: string, now = Date.now()): Promise<boolean> {
  const last = lastSent.get(id);
  if (last !== undefined && now - last < ASSET_USED_MIN_INTERVAL_MS) return false;
  lastSent.set(id, now);
  try {
    await api(`/api/assets/${encodeURIComponent(id)}/used`, { method: "POST" });
    return true;
  } catch {
    lastSent.delete(id);
    return false;
  }
}

/** markAssetUsed, then the lists' metadata (their "recently used" order) refetch. */
export function useMarkAssetUsed() {
  const qc = useQueryClient();
  return useCallback(
    (id: string) =>
      void markAssetUsed(id).then((sent) => {
        if (sent) void qc.invalidateQueries({ queryKey: [...assetsQueryKey, "list"] });
      }),
    [qc],
  );
}
