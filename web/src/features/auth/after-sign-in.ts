import { DEFAULT_AFTER_LOGIN } from "@common/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { hasPendingKeys } from "@/lib/keys/vault-state";
import { meQueryKey, type Me } from "@/lib/me";

/** What /login and /mfa carry in the router's location state. */
export type AuthNavState = {
  from?: string;
  email?: string;
  /** Why the visitor is here: "session-ended" when a signed-in screen got a 401 (app/guards.tsx). */
  reason?: "session-ended";
  /** /mfa: the account has an authenticator app ("app"), so no code was e-mailed yet; else "email" (decision 052). */
  factor?: "app" | "email";
};

const field = (state: unknown, key: keyof AuthNavState): string | undefined => {
  const value =
    typeof state === "object" && state !== null
      ? (state as Record<string, unknown>)[key]
      : undefined;
  return typeof value === "string" && value ? value : undefined;
};

/** The in-app path the visitor was sent away from (never another origin, never back to a sign-in screen). */
export function readFrom(state: unknown): string | undefined {
  const from = field(state, "from");
  if (!from || !from.startsWith("/") || from.startsWith("//") || from.startsWith("/\\"))
    return undefined;
  return /^\/(login|mfa|register)(?:[/?#]|$)/.test(from) ? undefined : from;
}

export const readEmail = (state: unknown): string | undefined => field(state, "email");

/** Which second factor /mfa asks for first: the authenticator app only when the password step said so. */
export const readFactor = (state: unknown): "app" | "email" =>
  field(state, "factor") === "app" ? "app" : "email";

/** True when /login was reached because the session ended (expired or signed out elsewhere). */
export const hasSessionEnded = (state: unknown): boolean =>
  field(state, "reason") === "session-ended";

/**
 * Enters the app once a session exists. First the vault is opened with the keys the password
 * step handed over, so that this tab holds its copy of the key before any screen shows: a reload
 * at once then finds the vault open (its code loads now: /login's first-visit budget). The guard
 * of /login and /mfa (still on screen until the router's transition commits) watches the cached
 * user and would send a signed-in visitor to /dashboard, not to `from`. So the signed-out answer
 * it watches is dropped without telling it, the user is cached afresh for the screens about to
 * mount, and only then does the router move.
 */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (me: Me, from: string | undefined) => {
    if (hasPendingKeys()) {
      const opening = await import("@/lib/keys/open-after-sign-in").catch(() => undefined);
      // Not loaded (offline): the screens that need the key ask for the password.
      await opening?.openVaultWithSignInKeys(queryClient);
    }
    queryClient.removeQueries({ queryKey: meQueryKey, exact: true });
    queryClient.setQueryData(meQueryKey, me);
    navigate(from ?? DEFAULT_AFTER_LOGIN, { replace: true });
  };
}
