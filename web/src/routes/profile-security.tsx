import { TWO_FACTOR_MSG } from "@common/two-factor";
import { ChangePasswordCard } from "@/features/profiles/components/change-password-card";
import { PasskeysCard } from "@/features/passkeys/components/passkeys-card";
import { SessionsCard } from "@/features/sessions/components/sessions-card";
import { useTwoFactor } from "@/features/two-factor/api/get-two-factor";
import { AuthenticatorCard } from "@/features/two-factor/components/authenticator-card";
import { TwoFactorCard } from "@/features/two-factor/components/two-factor-card";
import type { Me } from "@/lib/me";
import { useMe } from "@/lib/me";
import { useScrollToAnchor } from "@/lib/use-scroll-to-anchor";

/** /profile/security: the password, sign-in protection and the devices signed in to the account. */
export default function ProfileSecuritySection() {
  const { data: me } = useMe();
  useScrollToAnchor();
  if (!me) return null; // RequireAuth renders this screen only with a user
  return (
    <div className="grid gap-6">
      <ChangePasswordCard email={me.email} />
      <SignInProtection me={me} />
      <SessionsCard />
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
      className="grid scroll-mt-20 gap-3"
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
