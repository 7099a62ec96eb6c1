import { useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { useMe } from "@/lib/me";
import { InviteForm } from "@/features/invitations/components/invite-form";
import { memberInviteForm } from "@/features/invitations/invite-form-configs";

/** /clients/invite (firm_admin or firm_staff): invites a client, or for admins also staff and administrators. */
export default function ClientInviteScreen() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  if (!me) return null;
  const isAdmin = me.role === "firm_admin";
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title={isAdmin ? "Invite a Member" : "Invite Client"}
        description="They receive an e-mail with a link to create their account in your firm."
        back={{ to: "/clients", label: "Back to clients" }}
      />
      <Card>
        <CardContent className="pt-6">
          <InviteForm
            {...memberInviteForm(isAdmin)}
            hasFirm={!!me.firmId}
            onSent={() => navigate("/clients")}
          />
        </CardContent>
      </Card>
    </div>
  );
}
