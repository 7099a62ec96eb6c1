import { PASSWORD_MSG } from "@common/assets/passwords";
import { useLocation, useParams } from "react-router";
import { AssetDetailScreen } from "@/features/assets/components/asset-detail-screen";
import { PasswordPanel } from "@/features/assets/passwords/components/password-panel";
import { addedBeneficiaryEmail } from "@/features/beneficiaries/return-path";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";
import { DeliveryField } from "@/features/deliveries/components/delivery-field";

const BACK = { to: "/vault", label: "Back to passwords" };
/** Why /vault/{id} shows nothing: a failed decryption (never partial data) or a failed load. */
const LOAD_ERROR = {
  titles: {
    decrypt: "This password could not be decrypted",
    load: "This password could not be loaded",
  },
  fallback: "Please try again.",
  canRetry: true,
};

/** /vault/{id}: one password, decrypted in the browser; view mode and edit mode toggled by Edit and Done. */
export default function PasswordDetailScreen() {
  const { id = "" } = useParams();
  const location = useLocation();
  // Back from the picker's 'add-new' (/beneficiaries/new): resume editing, the picker selects the new e-mail.
  const isEditingAtFirst = addedBeneficiaryEmail(location.state) !== null;
  return (
    <BeneficiaryFieldProvider
      renderPicker={(field) => (
        <>
          <BeneficiaryPicker {...field} />
          <DeliveryField assetId={id} />
        </>
      )}
    >
      <AssetDetailScreen
        key={id}
        id={id}
        type="password"
        back={BACK}
        notFound={PASSWORD_MSG.notFound}
        fallbackTitle="Password"
        width="max-w-3xl"
        loadError={LOAD_ERROR}
      >
        {(opened) => (
          <PasswordPanel opened={opened} back={BACK} isEditingAtFirst={isEditingAtFirst} />
        )}
      </AssetDetailScreen>
    </BeneficiaryFieldProvider>
  );
}
