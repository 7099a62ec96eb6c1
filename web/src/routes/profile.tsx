import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { useMe } from "@/lib/me";
import { ChangePasswordCard } from "@/features/profiles/components/change-password-card";
import { ProfileCard } from "@/features/profiles/components/profile-card";
import { ProfileDetailsForm } from "@/features/profiles/components/profile-details-form";
import { TwoFactorCard } from "@/features/profiles/components/two-factor-card";
import { SessionsCard } from "@/features/sessions/components/sessions-card";

/** /profile: personal details, password, sign-in codes and signed-in devices of the signed-in user. */
export default function ProfileScreen() {
  const { data: me } = useMe();
  if (!me) return null; // RequireAuth renders this screen only with a user
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <div className="grid gap-2">
        <Link
          to="/dashboard"
          className="flex w-fit items-center gap-1 text-sm text-link underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to dashboard
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">Your profile</h1>
        <p className="text-muted-foreground">
          Your personal details, your password, how you sign in and where you are signed in.
        </p>
      </div>
      <ProfileCard title="Personal details">
        <ProfileDetailsForm me={me} />
      </ProfileCard>
      <ChangePasswordCard email={me.email} />
      <TwoFactorCard me={me} />
      <SessionsCard />
    </div>
  );
}
