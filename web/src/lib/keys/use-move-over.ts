import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { formatCount } from "@/lib/format";
import { toast } from "@/lib/toast";
import { dataKeyQueryOptions } from "./api/get-data-key";
import { moveOver, type MoveOverResult } from "./move-over";

const TOAST_ID = "beneficiary-keys-moving-over";

/**
 * Moving over with a toast that counts (none when nothing is pending): the owner keeps working
 * meanwhile. Items that failed stay pending and are tried again at the next sign-in.
 */
export async function moveOverWithProgress(queryClient: QueryClient): Promise<MoveOverResult> {
  const result = await moveOver({
    queryClient,
    getDataKey: () => queryClient.fetchQuery(dataKeyQueryOptions()),
    onProgress: ({ total, done }) =>
      toast.info(
        `Preparing your items for your beneficiaries: ${formatCount(done)} of ${formatCount(total)}`,
        {
          id: TOAST_ID,
        },
      ),
  });
  if (result.total === 0) return result;
  if (result.failed === 0)
    toast.success(
      `${formatCount(result.wrapped, "item is", "items are")} ready for your beneficiaries.`,
      { id: TOAST_ID },
    );
  else
    toast.warning(
      `${formatCount(result.failed)} of ${formatCount(result.total, "item")} could not be prepared for your beneficiaries yet. We will try again the next time you sign in.`,
      { id: TOAST_ID },
    );
  return result;
}

/**
 * Once per signed-in session (the query cache, cleared at sign-out, remembers it): wraps the
 * signed-in user's pending items for their beneficiaries, whatever their role (one GET when
 * nothing is pending). `isSignedIn`: there is a user to do it for.
 */
export function useMoveOverOnce(isSignedIn: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["beneficiary-keys-moved-over"], // not under beneficiaryKeysQueryKey: invalidating the keys must not run it again
    queryFn: () =>
      moveOverWithProgress(queryClient).catch((): MoveOverResult => {
        // Could not even list what is pending (offline, server down): quietly, next time.
        return { total: 0, wrapped: 0, failed: 0 };
      }),
    enabled: isSignedIn,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
