import { BENEFICIARY_MSG } from "@common/beneficiaries";
import { useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import {
  useCreateBeneficiary,
  type BeneficiaryInput,
} from "@/features/beneficiaries/api/create-beneficiary";
import { BeneficiaryFormFields } from "@/features/beneficiaries/components/beneficiary-form";
import {
  RETURN_TO_PARAM,
  safeReturnPath,
  type AddedBeneficiaryState,
} from "@/features/beneficiaries/return-path";
import { toast } from "@/lib/toast";

/** /beneficiaries/new[?returnTo=/path]: adds a beneficiary, then goes back to the list or to the asset screen that asked for it. */
export default function BeneficiaryNewScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_TO_PARAM));
  const create = useCreateBeneficiary();

  const onSubmit = async (input: BeneficiaryInput) => {
    const { beneficiary, notified } = await create.mutateAsync(input);
    toast.success(BENEFICIARY_MSG.added);
    if (!notified) toast.warning(BENEFICIARY_MSG.notificationFailed);
    if (returnTo)
      navigate(returnTo, {
        state: { addedBeneficiaryEmail: beneficiary.email } satisfies AddedBeneficiaryState,
      });
    else navigate("/beneficiaries");
  };

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title="Add Beneficiary"
        description="Someone who will receive the items you assign to them."
        back={
          returnTo
            ? { to: returnTo, label: "Back" }
            : { to: "/beneficiaries", label: "Back to beneficiaries" }
        }
      />
      <Card>
        <CardContent className="pt-6">
          <BeneficiaryFormFields
            submitLabel="Add Beneficiary"
            pendingLabel="Adding..."
            failedMessage={BENEFICIARY_MSG.addFailed}
            cancelTo={returnTo ?? "/beneficiaries"}
            emailHint="We let them know by e-mail that you named them."
            onSubmit={onSubmit}
          />
        </CardContent>
      </Card>
    </div>
  );
}
