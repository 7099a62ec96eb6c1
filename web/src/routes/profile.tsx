import { FIRM_LEAVE_MSG } from "@common/firm-membership";
import { TWO_FACTOR_MSG } from "@common/two-factor";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { useMe } from "@/lib/me";
import { FirmMembership } from "@/features/firms/components/firm-membership";
import { AccountDeletionCard } from "@/features/account-deletion/components/account-deletion-card";
import { ChangePasswordCard } from "@/features/profiles/components/change-password-card";
import { ProfileCard } from "@/components/profile-card";
import { ProfileDetailsForm } from "@/features/profiles/components/profile-details-form";
import { RecoveryKitCard } from "@/features/profiles/components/recovery-kit-card";
import { EmailChangeSection } from "@/features/email-change/components/email-change-section";
import { TwoFactorCard } from "@/features/two-factor/components/two-factor-card";
import { ExportVaultCard } from "@/features/export/components/export-vault-card";
import { VaultLockCard } from "@/features/profiles/components/vault-lock-card";
import { PasskeysCard } from "@/features/passkeys/components/passkeys-card";
import { SessionsCard } from "@/features/sessions/components/sessions-card";
import { useTwoFactor } from "@/features/two-factor/api/get-two-factor";
import { AuthenticatorCard } from "@/features/two-factor/components/authenticator-card";
import type { Me } from "@/lib/me";

/** /profile: personal details, e-mail address, password, recovery kit, vault lock, the vault's export, sign-in codes, signed-in devices and account deletion of the signed-in user. */
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
          Your personal details, your e-mail address, your password and recovery kit, a copy of your
          vault, how you sign in and where you are signed in.{" "}
          <Link to="/activity" className="text-link underline underline-offset-4">
            See your account's activity
          </Link>
          .
        </p>
      </div>
      <ProfileCard title="Personal details">
        <ProfileDetailsForm me={me} />
      </ProfileCard>
      <ProfileCard
        title="E-mail address"
        description="The address you sign in with and where your messages go. A new one counts once you open the link we send to it."
      >
        <EmailChangeSection email={me.email} />
      </ProfileCard>
      {me.role === "regular_user" && (
        <ProfileCard
          title={FIRM_LEAVE_MSG.cardTitle}
          description={
            me.firmId
              ? FIRM_LEAVE_MSG.cardText(me.firmName ?? "your law firm")
              : FIRM_LEAVE_MSG.noFirmText
          }
        >
          <FirmMembership me={me} />
        </ProfileCard>
      )}
      <ChangePasswordCard email={me.email} />
      <RecoveryKitCard email={me.email} />
      <VaultLockCard userId={me.id} />
      <ExportVaultCard email={me.email} />
      <SignInProtection me={me} />
      <SessionsCard />
      <AccountDeletionCard email={me.email} />
    </div>
  );
}

/** "Sign-in protection" (decisions 052, 056): the authenticator app, the e-mailed code as its fallback, and passkeys. */
function SignInProtection({ me }: { me: Me }) {
  const { data } = useTwoFactor();
  return (
    <section
      id="sign-in-protection"
      aria-labelledby="sign-in-protection-title"
      className="grid gap-3"
    >
      <h2 id="sign-in-protection-title" className="text-xl font-semibold tracking-tight">
        {TWO_FACTOR_MSG.sectionTitle}
      </h2>
      <AuthenticatorCard email={me.email} />
      <TwoFactorCard me={me} isFallback={data?.hasAuthenticator === true} />
      <PasskeysCard email={me.email} />
    </section>
  );
}
