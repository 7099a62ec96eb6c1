import { useNavigate } from "react-router";
import { AssetNewScreen } from "@/features/assets/components/asset-new-screen";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { EstateForm } from "@/features/assets/estate/components/estate-form";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";
import {
  NewItemDeliveryField,
  useNewItemDelivery,
} from "@/features/deliveries/components/new-item-delivery-field";

/** /estate/new: add an entry to the estate inventory. */
export default function EstateNewScreen() {
  const navigate = useNavigate();
  // Chosen in the form, saved right after the item (decision 096).
  const delivery = useNewItemDelivery();
  return (
    <BeneficiaryFieldProvider
      renderPicker={(field) => (
        <>
          <BeneficiaryPicker {...field} />
          <NewItemDeliveryField delivery={delivery} />
        </>
      )}
    >
      <AssetNewScreen
        title="Add to your inventory"
        description="Everything here is encrypted in your browser before it is sent."
        back={{ to: "/estate", label: "Back to the inventory" }}
      >
        <EstateForm
          onSaved={async (id) => {
            await delivery.saveFor(id);
            navigate("/estate");
          }}
        />
      </AssetNewScreen>
    </BeneficiaryFieldProvider>
  );
}
