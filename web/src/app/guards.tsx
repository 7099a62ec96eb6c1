import type { Role } from "@common/app";
import { APP_MSG } from "@common/app";
import { useDeferredValue, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Loading } from "@/components/loading";
import { toast } from "@/lib/toast";
import { useMe } from "@/lib/me";
import { clearSessionEnded, isSessionEnded } from "@/lib/session-ended";
import { usePrerenderedPage } from "./prerendered-page";

/**
 * `isPending` of /api/me, deferred: when the answer arrives (a synchronous update, as every React
 * Query update is) the guard first renders its cheap <Loading /> once more, and the screen behind
 * it renders in a deferred pass that React slices and interrupts for input, instead of one long
 * task on a first visit (issue 13, Lighthouse's Total Blocking Time).
 */
const useIsStillPending = (isPending: boolean) => useDeferredValue(isPending);

/**
 * Signed-in users only; everyone else goes to /login, remembering where they were going. When the
 * session was lost on this screen, /login is told so, and the screen stays until the router has
 * moved: a form with changes asks first (lib/use-warn-on-leave.ts), and if the person stays,
 * what they typed stays too.
 */
export function RequireAuth() {
  const { data: me, isPending } = useMe();
  const isWaiting = useIsStillPending(isPending);
  const location = useLocation();
  useEffect(() => {
    if (me) clearSessionEnded();
  }, [me]);
  if (isWaiting) return <Loading />;
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

/**
 * Signed-in users with one of `roles`; others see the spec's message and go to /dashboard: the
 * screen's own (spec 02 §6: staff pages, client detail) or 'You don't have permission to access this page.'
 */
export function RequireRole({
  roles,
  message = APP_MSG.guardForbidden,
}: {
  roles: readonly Role[];
  message?: string;
}) {
  const { data: me } = useMe();
  const isAllowed = !!me && roles.includes(me.role);
  useEffect(() => {
    if (me && !isAllowed) toast.error(message, { id: "guard-forbidden" });
  }, [me, isAllowed, message]);
  if (!me) return <Loading />;
  if (!isAllowed) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/**
 * /login, /register, /mfa and /firm-register send a signed-in visitor to /dashboard. While
 * /api/me is pending they show <Loading />, except on the page the build prerendered (decision
 * 058): there the guest screen stays, as its markup shows it, until the answer says otherwise.
 */
export function RedirectIfAuthenticated() {
  const { data: me, isPending } = useMe();
  const isWaiting = useIsStillPending(isPending);
  const prerenderedPage = usePrerenderedPage();
  const { pathname } = useLocation();
  if (isWaiting && pathname !== prerenderedPage) return <Loading />;
  if (me) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** / and /index: signed in -> /dashboard, otherwise the landing page. */
export function HomeRedirect() {
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  return <Navigate to={me ? "/dashboard" : "/welcome"} replace />;
}
