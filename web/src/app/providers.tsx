import { QueryClientProvider } from "@tanstack/react-query";
import { QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { BrowserRouter } from "react-router";
import { onUnauthorized } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { createQueryClient } from "@/lib/query-client";
import { markSessionEnded } from "@/lib/session-ended";
import { useToasterNeeded } from "@/lib/toast";
import { AppRoutes } from "./router";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

function ToastHost() {
  const isNeeded = useToasterNeeded();
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" richColors closeButton />
    </Suspense>
  );
}

/**
 * A 401 to a signed-in screen (issue 15, point 7): the user is asked for again; if the session
 * is gone, the sign-in guard sends the screen to /login saying so, and the departed account's
 * cached data goes. A 401 that was not a lost session (the user comes back) changes nothing.
 */
function watchForLostSession(queryClient: QueryClient) {
  let isChecking = false;
  return onUnauthorized((path) => {
    if (path === "/api/me" || isChecking || !queryClient.getQueryData(meQueryKey)) return;
    isChecking = true;
    markSessionEnded();
    void queryClient
      .refetchQueries({ queryKey: meQueryKey, exact: true })
      .then(() => {
        if (queryClient.getQueryData(meQueryKey)) return;
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      })
      .finally(() => {
        isChecking = false;
      });
  });
}

export function Providers() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => watchForLostSession(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToastHost />
    </QueryClientProvider>
  );
}
