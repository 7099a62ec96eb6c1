import { useNavigate } from "react-router";
import { AssetNewScreen } from "@/features/assets/components/asset-new-screen";
import { CreatePasswordForm } from "@/features/assets/passwords/components/create-password-form";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";

/** /vault/new: add a password (spec 02 §2 Password vault). */
export default function PasswordNewScreen() {
  const navigate = useNavigate();
  return (
    <BeneficiaryFieldProvider renderPicker={(field) => <BeneficiaryPicker {...field} />}>
      <AssetNewScreen
        title="Add Password"
        description="Everything except the title and beneficiary is encrypted in your browser before it is saved."
        back={{ to: "/vault", label: "Back to passwords" }}
      >
        <CreatePasswordForm onCreated={(id) => navigate(`/vault/${id}`)} />
      </AssetNewScreen>
    </BeneficiaryFieldProvider>
  );
}
