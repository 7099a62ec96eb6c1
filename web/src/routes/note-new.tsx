import { useNavigate } from "react-router";
import { AssetNewScreen } from "@/features/assets/components/asset-new-screen";
import { NoteForm } from "@/features/assets/notes/components/note-form";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";

/** /notes/new: create a note. */
export default function NoteNewScreen() {
  const navigate = useNavigate();
  return (
    <BeneficiaryFieldProvider renderPicker={(field) => <BeneficiaryPicker {...field} />}>
      <AssetNewScreen
        title="Create Note"
        description="Everything here is encrypted in your browser before it is sent."
        back={{ to: "/notes", label: "Back to notes" }}
      >
        <NoteForm onSaved={() => navigate("/notes")} />
      </AssetNewScreen>
    </BeneficiaryFieldProvider>
  );
}
