import { useNavigate } from "react-router";
import { AssetNewScreen } from "@/features/assets/components/asset-new-screen";
import { NoteForm } from "@/features/assets/notes/components/note-form";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";
import {
  NewItemDeliveryField,
  useNewItemDelivery,
} from "@/features/deliveries/components/new-item-delivery-field";

/** /notes/new: create a note. */
export default function NoteNewScreen() {
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
        title="Create Note"
        description="Everything here is encrypted in your browser before it is sent."
        back={{ to: "/notes", label: "Back to notes" }}
      >
        <NoteForm
          onSaved={async (id) => {
            await delivery.saveFor(id);
            navigate("/notes");
          }}
        />
      </AssetNewScreen>
    </BeneficiaryFieldProvider>
  );
}
