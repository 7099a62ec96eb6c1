import { STAFF_MSG } from "@common/staff";
import { useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { InviteForm } from "@/features/invitations/components/invite-form";
import { STAFF_INVITE_FORM } from "@/features/invitations/invite-form-configs";
import { useFirmRequired } from "@/features/staff/use-firm-required";

/** /staff/invite (firm_admin): e-mails an invitation to join the firm as staff or administrator. */
export default function StaffInviteScreen() {
  const navigate = useNavigate();
  const hasFirm = useFirmRequired(STAFF_MSG.needFirmToInvite);
  if (!hasFirm) return null;
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title="Invite Staff Member"
        description="They receive an e-mail with a link to create their account in your firm."
        back={{ to: "/staff", label: "Back to staff" }}
      />
      <Card>
        <CardContent className="pt-6">
          <InviteForm {...STAFF_INVITE_FORM} onSent={() => navigate("/staff")} />
        </CardContent>
      </Card>
    </div>
  );
}
