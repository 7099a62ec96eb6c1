import { useNavigate } from "react-router";
import { AssetNewScreen } from "@/features/assets/components/asset-new-screen";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { MessageForm } from "@/features/assets/messages/components/message-form";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";

/** /messages/new: a letter, a voice message or a video for later. */
export default function MessageNewScreen() {
  const navigate = useNavigate();
  return (
    <BeneficiaryFieldProvider
      renderPicker={(field) => (
        <BeneficiaryPicker {...field} label="Beneficiaries who receive it" />
      )}
    >
      <AssetNewScreen
        title="Leave a message for later"
        description="Everything here is encrypted in your browser before it is sent."
        back={{ to: "/messages", label: "Back to messages" }}
      >
        <MessageForm onSaved={(id) => navigate(`/messages/${id}`)} />
      </AssetNewScreen>
    </BeneficiaryFieldProvider>
  );
}
