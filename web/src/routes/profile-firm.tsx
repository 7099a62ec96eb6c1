import { FIRM_LEAVE_MSG } from "@common/firm-membership";
import { ProfileCard } from "@/components/profile-card";
import { FirmMembership } from "@/features/firms/components/firm-membership";
import { ReminderPreference } from "@/features/reminders/components/reminder-preference";
import { useMe } from "@/lib/me";

/** /profile/firm, a client's only (decision 047): the law firm they are a client of and leaving it, or the way to join one. */
export default function ProfileFirmSection() {
  const { data: me } = useMe();
  if (!me) return null; // RequireAuth renders this screen only with a user
  return (
    <ProfileCard
      title={FIRM_LEAVE_MSG.cardTitle}
      description={
        me.firmId
          ? FIRM_LEAVE_MSG.cardText(me.firmName ?? "your law firm")
          : FIRM_LEAVE_MSG.noFirmText
      }
    >
      <div className="grid gap-6">
        <FirmMembership me={me} />
        {me.firmId && <ReminderPreference />}
      </div>
    </ProfileCard>
  );
}
