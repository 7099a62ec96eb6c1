import { FIRM_MSG, FIRM_ONBOARDING_MSG } from "@common/firms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import {
  ADMIN_ACCOUNT_FIELDS,
  adminAccountFormSchema,
  type AdminAccountFormInput,
  type AdminAccountFormValues,
} from "../admin-account-form-schema";
import { useClaimFirm } from "../api/claim-firm";
import { applyServerErrors } from "@/lib/field-errors";
import type { RegisteredFirm } from "./firm-details-form";

type Props = {
  firm: RegisteredFirm | null;
  /** Focus the first field: the wizard just moved here. */
  shouldFocus: boolean;
  onFirmMissing: () => void;
  onComplete: () => void;
};

/** Step 2 of /firm-register: the firm's first administrator, who must confirm their e-mail before signing in. */
export function AdminAccountForm({ firm, shouldFocus, onFirmMissing, onComplete }: Props) {
  const claim = useClaimFirm();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<AdminAccountFormInput, unknown, AdminAccountFormValues>({
    resolver: zodResolver(adminAccountFormSchema),
    defaultValues: { name: "", email: "", phone: "", password: "", confirmPassword: "" },
  });

  useEffect(() => {
    if (shouldFocus) setFocus("name");
  }, [shouldFocus, setFocus]);

  const onSubmit = handleSubmit(async ({ name, email, phone, password }) => {
    if (!firm) {
      toast.error(FIRM_MSG.firmInfoMissing);
      return onFirmMissing();
    }
    try {
      await claim.mutateAsync({
        firmId: firm.id,
        claimSecret: firm.claimSecret,
        name,
        email,
        phone,
        password,
      });
      toast.success(FIRM_MSG.adminCreated);
      onComplete();
    } catch (err) {
      const message = errorMessage(err, FIRM_MSG.adminCreateFailed);
      toast.error(message);
      if (err instanceof ApiError && err.status === 404) return onFirmMissing();
      applyServerErrors(setError, err, {
        fields: ADMIN_ACCOUNT_FIELDS,
        fallback: FIRM_MSG.adminCreateFailed,
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {firm && (
        <p className="rounded-md bg-muted p-3 text-sm text-foreground-soft wrap-anywhere">
          {FIRM_ONBOARDING_MSG.adminNote(firm.name)}
        </p>
      )}
      <FormField label="Full Name" error={errors.name?.message}>
        <Input autoComplete="name" aria-required="true" {...register("name")} />
      </FormField>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" aria-required="true" {...register("email")} />
      </FormField>
      <FormField label="Phone Number (Optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...register("phone")} />
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message}
        hint="At least 8 characters. A long passphrase is best."
      >
        <Input
          type="password"
          autoComplete="new-password"
          aria-required="true"
          {...register("password")}
        />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          aria-required="true"
          {...register("confirmPassword")}
        />
      </FormField>
      {errors.root?.server?.message && (
        <Alert variant="destructive">{errors.root.server.message}</Alert>
      )}
      <Button type="submit" disabled={claim.isPending} className="w-full">
        {claim.isPending ? "Creating Account..." : "Complete Registration"}
      </Button>
    </form>
  );
}
