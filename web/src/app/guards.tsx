import type { Role } from "@common/app";
import { APP_MSG } from "@common/app";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Loading } from "@/components/loading";
import { toast } from "@/lib/toast";
import { useMe } from "@/lib/me";
import { clearSessionEnded, isSessionEnded } from "@/lib/session-ended";

/**
 * Signed-in users only; everyone else goes to /login, remembering where they were going. When the
 * session was lost on this screen, /login is told so, and the screen stays until the router has
 * moved: a form with changes asks first (lib/use-warn-on-leave.ts), and if the person stays,
 * what they typed stays too.
 */
export function RequireAuth() {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  useEffect(() => {
    if (me) clearSessionEnded();
  }, [me]);
  if (isPending) return <Loading />;
  const from = location.pathname + location.search;
  if (!me && !isSessionEnded()) return <Navigate to="/login" replace state={{ from }} />;
  // One shape whether or not the session just ended, so that the screen (and its form) stays mounted.
  return (
    <>
      {!me && <Navigate to="/login" replace state={{ from, reason: "session-ended" }} />}
      <Outlet />
    </>
  );
}

/** Signed-in users with one of `roles`; others see the spec's message and go to /dashboard. */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { data: me } = useMe();
  const isAllowed = !!me && roles.includes(me.role);
  useEffect(() => {
    if (me && !isAllowed) toast.error(APP_MSG.guardForbidden, { id: "guard-forbidden" });
  }, [me, isAllowed]);
  if (!me) return <Loading />;
  if (!isAllowed) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** /login, /register, /mfa and /firm-register send a signed-in visitor to /dashboard. */
export function RedirectIfAuthenticated() {
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  if (me) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** / and /index: signed in -> /dashboard, otherwise the landing page. */
export function HomeRedirect() {
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  return <Navigate to={me ? "/dashboard" : "/welcome"} replace />;
}
