import {
  FIRM_MSG,
  claimFirmByLinkSchema,
  type ClaimFirmByLinkInput,
  type FirmView,
} from "@common/firms";
import type { Me } from "@common/profiles";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { Loading } from "@/components/loading";
import { linkLook } from "@/components/looks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/field-errors";
import { useClaimableFirm } from "../api/get-claimable-firm";
import { useClaimFirmByLink } from "../api/claim-firm-by-link";
import { ConfirmAsMeFields } from "./confirm-as-me-fields";

type ClaimLink = { firmId: string; token: string };

/**
 * /firm/new from the link e-mailed to an existing account given at /firm-register (decision 034):
 * the firm it offers, and the account's password to become its first admin.
 */
export function ClaimFirmByLinkForm({
  me,
  link,
  onClaimed,
}: {
  me: Me;
  link: ClaimLink;
  onClaimed: (firm: FirmView) => void;
}) {
  const offered = useClaimableFirm(link);
  const claim = useClaimFirmByLink();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ClaimFirmByLinkInput>({
    resolver: zodResolver(claimFirmByLinkSchema),
    defaultValues: { token: link.token, password: "" },
  });

  if (offered.isPending) return <Loading />;
  if (offered.isError)
    return (
      <div className="grid gap-4">
        <Alert variant="destructive">
          {errorMessage(offered.error, FIRM_MSG.claimLinkInvalid)}
        </Alert>
        <Link to="/dashboard" className={linkLook}>
          Go to Dashboard
        </Link>
      </div>
    );

  const onSubmit = handleSubmit(async (input) => {
    try {
      onClaimed(await claim.mutateAsync({ ...input, firmId: link.firmId, email: me.email }));
    } catch (err) {
      applyServerErrors(setError, err, {
        fields: ["password"],
        fallback: FIRM_MSG.claimLinkInvalid,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <h2 className="text-lg font-semibold wrap-anywhere">{offered.data.name}</h2>
      <ConfirmAsMeFields
        me={me}
        password={register("password")}
        passwordError={errors.password?.message}
        serverError={errors.root?.server?.message}
      />
      <Button type="submit" disabled={claim.isPending} className="w-full">
        {claim.isPending ? "Confirming..." : "Become the Administrator"}
      </Button>
    </form>
  );
}
