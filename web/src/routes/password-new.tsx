import { useNavigate } from "react-router";
import { AssetNewScreen } from "@/features/assets/components/asset-new-screen";
import { CreatePasswordForm } from "@/features/assets/passwords/components/create-password-form";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";
import {
  NewItemDeliveryField,
  useNewItemDelivery,
} from "@/features/deliveries/components/new-item-delivery-field";

/** /vault/new: add a password (spec 02 §2 Password vault). */
export default function PasswordNewScreen() {
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
        title="Add Password"
        description="Everything except the title and beneficiary is encrypted in your browser before it is saved."
        back={{ to: "/vault", label: "Back to passwords" }}
      >
        <CreatePasswordForm
          onCreated={async (id) => {
            await delivery.saveFor(id);
            navigate(`/vault/${id}`);
          }}
        />
      </AssetNewScreen>
    </BeneficiaryFieldProvider>
  );
}
