import { AUTH_MSG } from "@common/auth";
import { useNavigate } from "react-router";
import { useSignOut } from "@/features/auth/api/sign-out";
import { toast } from "@/lib/toast";

/** Log out: 'Logged out successfully' and /login, or 'Logout failed. Please try again.' */
export function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const logout = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        toast.success(AUTH_MSG.logoutOk);
        navigate("/login", { replace: true });
      },
      onError: () => toast.error(AUTH_MSG.logoutFailed),
    });
  return { logout, isPending: signOut.isPending };
}
