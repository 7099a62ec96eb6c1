import type { QueryClient } from "@tanstack/react-query";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";
import { formatCount } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useOncePerSignIn } from "@/lib/keys/use-once-per-sign-in";
import { moveOverTitles, type TitlesMoveOverResult } from "./move-over-titles";

const TOAST_ID = "titles-moving-over";

/** Moving titles over with a toast that counts (none when every title is sealed already). */
export async function moveOverTitlesWithProgress(
  queryClient: QueryClient,
): Promise<TitlesMoveOverResult> {
  const result = await moveOverTitles({
    queryClient,
    getDataKey: () => queryClient.fetchQuery(dataKeyQueryOptions()),
    onProgress: ({ total, done }) =>
      toast.info(`Encrypting your item titles: ${formatCount(done)} of ${formatCount(total)}`, {
        id: TOAST_ID,
        description: "Only your browser will be able to read them. Keep working meanwhile.",
      }),
  });
  if (result.total === 0) return result;
  if (result.failed === 0)
    toast.success(
      `${formatCount(result.sealed, "item title is", "item titles are")} now encrypted.`,
      { id: TOAST_ID, description: "Only your browser can read them." },
    );
  else
    toast.warning(
      `${formatCount(result.failed)} of ${formatCount(result.total, "item title")} could not be encrypted yet. We will try again the next time you sign in.`,
      { id: TOAST_ID },
    );
  return result;
}

/**
 * Once per signed-in session: seals the titles the signed-in user's items still have in clear
 * (one GET when there are none). A tab without the data key, or a server that does not answer,
 * leaves them for the next sign-in.
 */
export const useMoveOverTitlesOnce = (isSignedIn: boolean) =>
  useOncePerSignIn({
    queryKey: "titles-moved-over",
    isSignedIn,
    moveOver: moveOverTitlesWithProgress,
    none: { total: 0, sealed: 0, failed: 0 },
  });
