import type { Role } from "@common/app";
import { APP_MSG } from "@common/app";
import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { Loading } from "@/components/loading";
import { toast } from "@/lib/toast";
import { useMe } from "@/lib/me";

/** Signed-in users only; everyone else goes to /login, remembering where they were going. */
export function RequireAuth() {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  if (isPending) return <Loading />;
  if (!me)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
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
