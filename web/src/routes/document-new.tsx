import { useNavigate } from "react-router";
import { AssetNewScreen } from "@/features/assets/components/asset-new-screen";
import { DocumentUploadForm } from "@/features/assets/documents/components/document-upload-form";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";

/** /documents/new: upload a document. */
export default function DocumentNewScreen() {
  const navigate = useNavigate();
  return (
    <BeneficiaryFieldProvider renderPicker={(field) => <BeneficiaryPicker {...field} />}>
      <AssetNewScreen
        title="Upload Document"
        description="The file is encrypted in your browser before it is sent."
        back={{ to: "/documents", label: "Back to documents" }}
      >
        <DocumentUploadForm onUploaded={() => navigate("/documents")} />
      </AssetNewScreen>
    </BeneficiaryFieldProvider>
  );
}
