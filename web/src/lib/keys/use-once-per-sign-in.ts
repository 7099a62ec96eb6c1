import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useWhenIdle } from "@/lib/use-when-idle";

/**
 * Runs `moveOver` once per signed-in session (the query cache, cleared at sign-out, remembers it)
 * when `isSignedIn`, once the page is first idle (its list request and parsing would otherwise
 * slow the screen's first load: issue 39). Where it cannot even start (offline, server down) it
 * answers `none`: quietly, and again at the next sign-in. `queryKey`: its own, under no list's key, so that
 * invalidating a list does not run it again.
 */
export function useOncePerSignIn<R>({
  queryKey,
  isSignedIn,
  moveOver,
  none,
}: {
  queryKey: string;
  isSignedIn: boolean;
  moveOver: (queryClient: QueryClient) => Promise<R>;
  none: R;
}) {
  const queryClient = useQueryClient();
  const isIdle = useWhenIdle();
  return useQuery({
    queryKey: [queryKey],
    queryFn: () => moveOver(queryClient).catch(() => none),
    enabled: isSignedIn && isIdle,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
