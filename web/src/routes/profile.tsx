import { Link, Navigate, Outlet, useLocation } from "react-router";
import { PageHeader } from "@/components/page-header";
import { ProfileSectionNav } from "@/features/profiles/components/profile-section-nav";
import { profileSectionFor, sectionAt } from "@/features/profiles/sections";
import { useMe } from "@/lib/me";

/**
 * /profile (decision 074): the signed-in user's profile in sections, each at its own address and
 * loaded on its own: the header, the sections' navigation and the section. /profile itself, and
 * the address of a section the user does not have, go to the first section; an anchor that an
 * older link or e-mail names (/profile#passkeys) goes to the section that now holds its card.
 */
export default function ProfileScreen() {
  const { data: me } = useMe();
  const location = useLocation();
  if (!me) return null; // RequireAuth renders this screen only with a user
  if (!sectionAt(location.pathname, me.role))
    return <Navigate to={profileSectionFor(location)} replace />;
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title="Your profile"
        description={
          <>
            Your details, how you sign in, the keys to your vault and your data.{" "}
            <Link to="/activity" className="text-link underline underline-offset-4">
              See your account's activity
            </Link>
            .
          </>
        }
        back={{ to: "/dashboard", label: "Back to dashboard" }}
      />
      <ProfileSectionNav role={me.role} />
      <Outlet />
    </div>
  );
}
