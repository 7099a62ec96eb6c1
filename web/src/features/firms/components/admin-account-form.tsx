import { FIRM_MSG, FIRM_ONBOARDING_MSG } from "@common/firms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { CommonPasswordError, prepareFirstAdminPassword } from "@/lib/keys/account-keys";
import { DerivingStatus } from "@/components/keys/deriving-status";
import { NewPasswordField } from "@/components/new-password-field";
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
  /** Step 2 is done (for a new address or one that has an account: the same, decision 073). */
  onComplete: (done: { email: string }) => void;
};

/**
 * Step 2 of /firm-register: the firm's first administrator, who must confirm their e-mail before
 * anything works. The password is checked against the common-password list and its keys made here
 * (decision 038); the server receives only the derived sign-in secret. No recovery kit yet: it is
 * made at the first sign-in, once the address is proven (decision 073).
 */
export function AdminAccountForm({ firm, shouldFocus, onFirmMissing, onComplete }: Props) {
  const claim = useClaimFirm();
  const [isDeriving, setIsDeriving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AdminAccountFormInput, unknown, AdminAccountFormValues>({
    resolver: zodResolver(adminAccountFormSchema),
    defaultValues: { name: "", email: "", phone: "", password: "", confirmPassword: "" },
  });
  const [password = "", name = "", email = ""] = useWatch({
    control,
    name: ["password", "name", "email"],
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
      const made = await prepareFirstAdminPassword({
        password,
        onDeriving: () => setIsDeriving(true),
      });
      await claim.mutateAsync({
        firmId: firm.id,
        claimSecret: firm.claimSecret,
        name,
        email,
        phone,
        password: made.signInSecret,
        keys: made.keys,
      });
      toast.success(FIRM_MSG.adminCreated);
      onComplete({ email });
    } catch (err) {
      if (err instanceof CommonPasswordError)
        return setError("password", { message: err.message }, { shouldFocus: true });
      const message = errorMessage(err, FIRM_MSG.adminCreateFailed);
      toast.error(message);
      if (err instanceof ApiError && err.status === 404) return onFirmMissing();
      applyServerErrors(setError, err, {
        fields: ADMIN_ACCOUNT_FIELDS,
        fallback: FIRM_MSG.adminCreateFailed,
      });
    } finally {
      setIsDeriving(false);
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
      <NewPasswordField
        label="Password"
        error={errors.password?.message}
        registration={register("password")}
        password={password}
        userInputs={[name, email]}
      />
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
      {isDeriving && <DerivingStatus />}
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Creating Account..." : "Complete Registration"}
      </Button>
    </form>
  );
}
