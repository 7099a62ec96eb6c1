import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import {
  lazy,
  Suspense,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from "react";
import { BrowserRouter } from "react-router";
import { RouteProgress } from "@/components/loading";
import { createQueryClient } from "@/lib/query-client";
import { useTheme } from "@/lib/theme";
import { useToasterNeeded } from "@/lib/toast";
import { PrerenderedPageContext } from "./prerendered-page";
import { AppRoutes } from "./router";
import { SessionWatcher } from "./session-watcher";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

const PHONE_QUERY = "(max-width: 639.98px)";
const subscribePhone = (l: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", l);
  return () => query.removeEventListener("change", l);
};
/** Below 640 px (Tailwind's sm). */
function useIsPhone() {
  return useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false, // prerendered (and hydrated) without a toaster: nothing depends on it then
  );
}

function ToastHost() {
  const isNeeded = useToasterNeeded();
  const theme = useTheme();
  const isPhone = useIsPhone();
  if (!isNeeded) return null;
  // Bottom-right on desktop, top-centre on phones: never over the button just pressed (which sits
  // at the bottom of a form or a phone's screen, or at the top right of a desktop page header).
  return (
    <Suspense fallback={null}>
      <Toaster
        position={isPhone ? "top-center" : "bottom-right"}
        theme={theme}
        richColors
        closeButton
      />
    </Suspense>
  );
}

/**
 * The whole app. `Router` is the browser's history, or a static router at one path when the build
 * prerenders a first page (web/src/prerender.tsx); `prerenderedPage` is that page's path, on the
 * server and in the browser that hydrates it (decision 058).
 */
export function Providers({
  Router = BrowserRouter,
  prerenderedPage,
  queryClient: given,
}: {
  Router?: ComponentType<{ children: ReactNode }>;
  prerenderedPage?: string;
  /** The entry's client, which has already asked /api/me (main.tsx); a new one otherwise. */
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <PrerenderedPageContext value={prerenderedPage}>
        <Router>
          <SessionWatcher />
          <AppRoutes />
        </Router>
      </PrerenderedPageContext>
      <RouteProgress />
      <ToastHost />
    </QueryClientProvider>
  );
}
