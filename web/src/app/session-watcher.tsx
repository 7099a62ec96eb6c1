import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import type { AuthNavState } from "@/features/auth/after-sign-in";
import { onUnauthorized } from "@/lib/api-client";
import { getMe, meQueryKey } from "@/lib/me";
import { markSessionEnded } from "@/lib/session-ended";
import { toast } from "@/lib/toast";
import { endVaultLock } from "@/lib/keys/vault-lock-state";
import { clearVault } from "@/lib/keys/vault-state";

/**
 * A lost session (issue 15, point 7): when the API answers 401 to a signed-in screen, the user is
 * asked for again; if the session is gone (expired, or signed out from another device), the
 * screen goes to /login, which says so and brings the person back here after signing in. A form
 * with changes asks first (lib/use-warn-on-leave.ts): whoever stays keeps what they typed, and
 * the cached user stays until they leave. The tab's data key goes at once (decision 038). A 401
 * that was not a lost session changes nothing.
 */
export function SessionWatcher() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef({ navigate, from: "" });
  useEffect(() => {
    latest.current = { navigate, from: location.pathname + location.search };
  }, [navigate, location]);

  useEffect(() => {
    let isChecking = false;
    return onUnauthorized((path) => {
      if (path === "/api/me" || isChecking || !queryClient.getQueryData(meQueryKey)) return;
      isChecking = true;
      void getMe()
        .then((me) => {
          if (me !== null) return; // still signed in: that 401 was about something else
          markSessionEnded();
          clearVault(); // the session key is gone with the session: so is this tab's copy
          endVaultLock(); // /login next, not the unlock dialog
          const state: AuthNavState = { from: latest.current.from, reason: "session-ended" };
          latest.current.navigate("/login", { replace: true, state });
          if (window.location.pathname !== "/login") return; // stayed to keep their changes
          queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
          queryClient.setQueryData(meQueryKey, null);
          toast.dismissAll(); // the screen's "failed to load": /login says what happened
        })
        .catch(() => {}) // the server could not say: the screen's own error shows
        .finally(() => {
          isChecking = false;
        });
    });
  }, [queryClient]);
  return null;
}
