import { useNavigate } from "react-router";
import { AssetNewScreen } from "@/features/assets/components/asset-new-screen";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { EstateForm } from "@/features/assets/estate/components/estate-form";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";

/** /estate/new: add an entry to the estate inventory. */
export default function EstateNewScreen() {
  const navigate = useNavigate();
  return (
    <BeneficiaryFieldProvider renderPicker={(field) => <BeneficiaryPicker {...field} />}>
      <AssetNewScreen
        title="Add to your inventory"
        description="Everything here is encrypted in your browser before it is sent."
        back={{ to: "/estate", label: "Back to the inventory" }}
      >
        <EstateForm onSaved={() => navigate("/estate")} />
      </AssetNewScreen>
    </BeneficiaryFieldProvider>
  );
}
