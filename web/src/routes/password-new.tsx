import { useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { CreatePasswordForm } from "@/features/assets/passwords/components/create-password-form";

/** /vault/new: add a password (spec 02 §2 Password vault). */
export default function VaultNewScreen() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title="Add Password"
        description="Everything except the title and beneficiary is encrypted in your browser before it is saved."
        back={{ to: "/vault", label: "Back to passwords" }}
      />
      <Card>
        <CardContent className="pt-6">
          <CreatePasswordForm onCreated={(id) => navigate(`/vault/${id}`)} />
        </CardContent>
      </Card>
    </div>
  );
}
