import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { Route, Routes } from "react-router";
import { Loading } from "@/components/loading";
import { lazyScreen } from "./lazy-screen";
import { HomeRedirect, RedirectIfAuthenticated } from "./guards";
import { screen } from "./screen";

/**
 * The first pages' table: the public screens a first visit may open. Every other address (the
 * signed-in screens, the firm page, the 404) is in signed-in-routes.tsx, loaded on demand with its
 * own table (decision 103): each lazy screen costs its chunk's name and preloads in the table that
 * names it, and this one is part of every first page's 100 KB.
 */
const signedInRoutes = (queryClient: QueryClient) =>
  lazyScreen(() =>
    import("./signed-in-routes").then(async (m) => {
      // With the screen's own chunk and its prefetch: the layout and the screen then appear in one
      // step, and the screen's data is on its way meanwhile (screen.tsx).
      await m.preloadScreen(window.location.pathname, queryClient);
      return m;
    }),
  );

export function AppRoutes() {
  const queryClient = useQueryClient();
  const [SignedInRoutes] = useState(() => signedInRoutes(queryClient));
  return (
    <Routes>
      <Route path="/" element={<HomeRedirect />} />
      <Route path="/index" element={<HomeRedirect />} />
      <Route path="/welcome" element={screen(() => import("@/routes/welcome"))} />
      <Route path="/auth/callback" element={screen(() => import("@/routes/auth-callback"))} />
      <Route path="/reset-password" element={screen(() => import("@/routes/reset-password"))} />
      <Route path="/update-password" element={screen(() => import("@/routes/update-password"))} />
      <Route path="/legacy" element={screen(() => import("@/routes/legacy"))} />
      <Route path="/release/check-in" element={screen(() => import("@/routes/release-check-in"))} />
      <Route path="/release/cancel" element={screen(() => import("@/routes/release-cancel"))} />
      <Route path="/release/fine" element={screen(() => import("@/routes/release-fine"))} />
      <Route
        path="/reminders/opt-out"
        element={screen(() => import("@/routes/reminders-opt-out"))}
      />
      <Route path="/verifier/invite" element={screen(() => import("@/routes/verifier-invite"))} />
      <Route path="/verifier/check" element={screen(() => import("@/routes/verifier-check"))} />
      <Route path="/verifier/report" element={screen(() => import("@/routes/verifier-report"))} />
      <Route
        path="/account-deletion/cancel"
        element={screen(() => import("@/routes/account-deletion-cancel"))}
      />
      <Route
        path="/email-change/confirm"
        element={screen(() => import("@/routes/email-change-confirm"))}
      />
      <Route
        path="/email-change/undo"
        element={screen(() => import("@/routes/email-change-undo"))}
      />
      <Route path="/privacy" element={screen(() => import("@/routes/privacy"))} />
      <Route path="/terms" element={screen(() => import("@/routes/terms"))} />
      <Route path="/security" element={screen(() => import("@/routes/security"))} />
      <Route path="/verify-evidence" element={screen(() => import("@/routes/verify-evidence"))} />
      <Route element={<RedirectIfAuthenticated />}>
        <Route path="/login" element={screen(() => import("@/routes/login"))} />
        <Route path="/register" element={screen(() => import("@/routes/register"))} />
        <Route path="/mfa" element={screen(() => import("@/routes/mfa"))} />
        <Route path="/firm-register" element={screen(() => import("@/routes/firm-register"))} />
      </Route>
      <Route
        path="*"
        element={
          <Suspense fallback={<Loading />}>
            <SignedInRoutes />
          </Suspense>
        }
      />
    </Routes>
  );
}
