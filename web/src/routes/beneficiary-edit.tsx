import { BENEFICIARY_MSG } from "@common/beneficiaries";
import { useNavigate, useParams } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import type { BeneficiaryInput } from "@/features/beneficiaries/api/create-beneficiary";
import { useBeneficiary } from "@/features/beneficiaries/api/get-beneficiary";
import { useUpdateBeneficiary } from "@/features/beneficiaries/api/update-beneficiary";
import { BeneficiaryFormFields } from "@/features/beneficiaries/components/beneficiary-form";
import { BeneficiaryNotFound } from "@/features/beneficiaries/components/beneficiary-not-found";
import { VaultUnlockCard } from "@/components/keys/vault-unlock-form";
import { VaultLockedError } from "@/lib/keys/vault-unlock";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/** /beneficiaries/edit/:id: changes a beneficiary's details; a missing or foreign id shows 'Beneficiary Not Found'. */
export default function BeneficiaryEditScreen() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const beneficiary = useBeneficiary(id);
  const update = useUpdateBeneficiary();
  const isNotFound = beneficiary.error instanceof ApiError && beneficiary.error.status === 404;
  // The details are sealed with the vault key: a locked tab unlocks here, then loads them.
  const isLocked = beneficiary.error instanceof VaultLockedError;
  const loadError =
    beneficiary.isError && !isNotFound && !isLocked
      ? errorMessage(beneficiary.error, BENEFICIARY_MSG.loadFailed)
      : undefined;

  if (isNotFound) return <BeneficiaryNotFound />;

  const onSubmit = async (input: BeneficiaryInput) => {
    await update.mutateAsync({ id, ...input });
    toast.success(BENEFICIARY_MSG.updated);
    navigate("/beneficiaries");
  };

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title="Edit Beneficiary"
        description={beneficiary.data ? `The details of ${beneficiary.data.name}.` : undefined}
        back={{ to: "/beneficiaries", label: "Back to beneficiaries" }}
      />
      <Card>
        <CardContent className="pt-6">
          {beneficiary.data ? (
            <BeneficiaryFormFields
              key={beneficiary.data.id}
              initial={{
                name: beneficiary.data.name,
                email: beneficiary.data.email,
                phone: beneficiary.data.phone ?? "",
                relationship: beneficiary.data.relationship ?? "",
                notes: beneficiary.data.notes ?? "",
                isExecutor: beneficiary.data.isExecutor,
                isLegalContact: beneficiary.data.isLegalContact,
              }}
              submitLabel="Save Changes"
              pendingLabel="Saving..."
              failedMessage={BENEFICIARY_MSG.saveFailed}
              cancelTo="/beneficiaries"
              onSubmit={onSubmit}
            />
          ) : isLocked ? (
            <VaultUnlockCard onUnlocked={() => void beneficiary.refetch()} />
          ) : loadError ? (
            <LoadError onRetry={() => void beneficiary.refetch()}>{loadError}</LoadError>
          ) : (
            <Loading variant="detail" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
