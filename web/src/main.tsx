import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { Providers } from "./app/providers";
import { meQueryOptions } from "./lib/me";
import { readTabCopy, TAB_COPY_NAMES } from "./lib/keys/tab-storage";
import { createQueryClient } from "./lib/query-client";
import { watchTabClose } from "./lib/keys/tab-close";
import { startTheme } from "./lib/theme";
import "./index.css";

startTheme();
watchTabClose(); // closing the tab locks the vault (decision 046)

/**
 * Whether this visit renders exactly what the build prerendered for its path: no query
 * (/register's invitation link fills the form) and no router state (/login's "session ended"
 * note, a remembered e-mail), which the build did not know.
 */
function isAsPrerendered(): boolean {
  const state: unknown = window.history.state;
  const hasRouterState =
    typeof state === "object" && state !== null && (state as { usr?: unknown }).usr != null;
  return window.location.search === "" && !hasRouterState;
}

const root = document.getElementById("root");
if (root) {
  // The path whose markup the build prerendered into `root` (decision 058), when it is this one: its
  // guest screen shows while /api/me is pending (app/guards.tsx), whether React takes the markup
  // over or renders afresh.
  const prerenderedPage =
    root.dataset.prerendered === window.location.pathname ? root.dataset.prerendered : undefined;
  const queryClient = createQueryClient();
  // A page the build did not prerender waits for /api/me before it shows anything (the guards):
  // asked now, beside the screen's chunks, not once React has rendered the guard (issue 39, the
  // vault list's first rows). A prerendered page keeps its markup until the answer, as before.
  if (!prerenderedPage) {
    void queryClient.prefetchQuery(meQueryOptions());
    // A reload of a signed-in screen: this tab's copy of the data key opens beside them too.
    if (readTabCopy(TAB_COPY_NAMES.dataKey))
      void import("./lib/keys/api/get-data-key").then((m) =>
        queryClient.prefetchQuery(m.dataKeyQueryOptions()),
      );
  }
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient} prerenderedPage={prerenderedPage} />
    </StrictMode>
  );
  // A transition: React renders (or hydrates) the first screen in slices that yield to the
  // browser between them, instead of one long task that holds input (issue 13, Lighthouse's Total
  // Blocking Time); a hydration outside one is not sliced.
  if (prerenderedPage && isAsPrerendered()) {
    // React takes the markup over where it is; what is typed or sent before the screen's code has
    // run is kept (public/start-app.js, app/early-input.ts).
    startTransition(() => void hydrateRoot(root, app));
  } else {
    startTransition(() => createRoot(root).render(app));
  }
}
