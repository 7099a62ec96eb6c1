import { ProfileCard } from "@/components/profile-card";
import { EmailChangeSection } from "@/features/email-change/components/email-change-section";
import { ProfileDetailsForm } from "@/features/profiles/components/profile-details-form";
import { useMe } from "@/lib/me";
import { useScrollToAnchor } from "@/lib/use-scroll-to-anchor";

/** /profile/account: the user's name, phone and address, and the e-mail address they sign in with. */
export default function ProfileAccountSection() {
  const { data: me } = useMe();
  useScrollToAnchor();
  if (!me) return null; // RequireAuth renders this screen only with a user
  return (
    <div className="grid gap-6">
      <ProfileCard title="Personal details">
        <ProfileDetailsForm me={me} />
      </ProfileCard>
      <ProfileCard
        title="E-mail address"
        description="The address you sign in with and where your messages go. A new one counts once you open the link we send to it."
      >
        <EmailChangeSection email={me.email} />
      </ProfileCard>
    </div>
  );
}
