import type { QueryClient } from "@tanstack/react-query";
import { formatCount } from "@/lib/format";
import { toast } from "@/lib/toast";
import { dataKeyQueryOptions } from "./api/get-data-key";
import { moveOver, type MoveOverResult } from "./move-over";
import { useOncePerSignIn } from "./use-once-per-sign-in";

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
 * Once per signed-in session: wraps the signed-in user's pending items for their beneficiaries,
 * whatever their role (one GET when nothing is pending). `isSignedIn`: there is a user to do it for.
 */
export const useMoveOverOnce = (isSignedIn: boolean) =>
  useOncePerSignIn({
    queryKey: "beneficiary-keys-moved-over",
    isSignedIn,
    moveOver: moveOverWithProgress,
    none: { total: 0, wrapped: 0, failed: 0 },
  });
