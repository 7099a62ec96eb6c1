import { DEFAULT_AFTER_LOGIN, AUTH_MSG } from "@common/auth";
import { APP_MSG } from "@common/app";
import { getMe, type Me } from "@/lib/me";

/** Where /auth/callback sends the visitor, what it tells them, and the user to cache (`undefined`: leave the cache alone). */
export type CallbackOutcome = { to: string; me?: Me | null; success?: string; error?: string };

const CONFIRMATION_TYPES = new Set(["email_confirmation", "signup"]);

/** The decision table of spec 01 §2 /auth/callback. `confirmEmail` exchanges the link's code (see api/verify-email.ts). */
export async function resolveCallback(
  code: string | null,
  type: string | null,
  confirmEmail: (code: string) => Promise<unknown>,
): Promise<CallbackOutcome> {
  try {
    if (code && type && CONFIRMATION_TYPES.has(type)) {
      try {
        await confirmEmail(code);
      } catch {
        return { to: "/login", error: AUTH_MSG.callbackExchangeFailed };
      }
      const me = await getMe().catch(() => null);
      if (me) return { to: DEFAULT_AFTER_LOGIN, me, success: AUTH_MSG.callbackConfirmedSession };
      return { to: "/login", me: null, success: AUTH_MSG.callbackConfirmedNoSession };
    }
    let me: Me | null;
    try {
      me = await getMe();
    } catch {
      return { to: "/login", error: AUTH_MSG.callbackCheckFailed };
    }
    return me
      ? { to: DEFAULT_AFTER_LOGIN, me, success: AUTH_MSG.callbackAuthenticated }
      : { to: "/login", me: null };
  } catch {
    return { to: "/login", error: APP_MSG.unexpected };
  }
}
