import { useNavigate } from "react-router";
import { AssetNewScreen } from "@/features/assets/components/asset-new-screen";
import { DocumentUploadForm } from "@/features/assets/documents/components/document-upload-form";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";
import {
  NewItemDeliveryField,
  useNewItemDelivery,
} from "@/features/deliveries/components/new-item-delivery-field";

/** /documents/new: upload a document. */
export default function DocumentNewScreen() {
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
        title="Upload Document"
        description="The file is encrypted in your browser before it is sent."
        back={{ to: "/documents", label: "Back to documents" }}
      >
        <DocumentUploadForm
          onUploaded={async (id) => {
            await delivery.saveFor(id);
            navigate("/documents");
          }}
        />
      </AssetNewScreen>
    </BeneficiaryFieldProvider>
  );
}
