import { FIRM_CODE_INPUT_MAX } from "@common/firm-codes";

import { AUTH_MSG } from "@common/auth";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { applyServerErrors } from "@/lib/field-errors";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useRegister } from "../api/register";
import {
  REGISTER_FORM_FIELDS,
  registerFormSchema,
  type RegisterFormInput,
  type RegisterFormValues,
} from "../register-form-schema";

type Props = {
  defaultEmail: string;
  isEmailLocked: boolean;
  invitationCode?: string;
  onRegistered: (email: string) => void;
};

/** 'Please fill out all required fields' is said once above the form, not under each empty field. */
const fieldError = (message: string | undefined) =>
  message === AUTH_MSG.registerMissing ? undefined : message;

export function RegisterForm({ defaultEmail, isEmailLocked, invitationCode, onRegistered }: Props) {
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      name: "",
      email: defaultEmail,
      password: "",
      confirmPassword: "",
      firmCode: "",
    },
  });

  const onSubmit = handleSubmit(async ({ name, email, password, firmCode }) => {
    try {
      await registration.mutateAsync(
        invitationCode
          ? { name, email, password, invitationCode }
          : { name, email, password, firmCode: firmCode || undefined },
      );
      toast.success(AUTH_MSG.registerSuccess);
      onRegistered(email);
    } catch (err) {
      toast.error(errorMessage(err, AUTH_MSG.registerFailure));
      applyServerErrors(setError, err, {
        fields: REGISTER_FORM_FIELDS,
        fallback: AUTH_MSG.registerFormError,
      });
    }
  });

  const isMissing = [errors.name, errors.email, errors.password].some(
    (e) => e?.message === AUTH_MSG.registerMissing,
  );
  const formError = isMissing ? AUTH_MSG.registerMissing : errors.root?.server?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label="Full Name" error={fieldError(errors.name?.message)}>
        <Input autoComplete="name" aria-required="true" {...register("name")} />
      </FormField>
      <FormField
        label="Email"
        error={fieldError(errors.email?.message)}
        hint={isEmailLocked ? "This is the address your invitation was sent to." : undefined}
      >
        <Input
          type="email"
          autoComplete="email"
          aria-required="true"
          readOnly={isEmailLocked}
          className={isEmailLocked ? "bg-muted" : undefined}
          {...register("email")}
        />
      </FormField>
      <FormField
        label="Password"
        error={fieldError(errors.password?.message)}
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
      {!invitationCode && (
        <FormField
          label="Firm Code (optional)"
          error={errors.firmCode?.message}
          hint="If your law firm gave you a code, enter it to link your account to the firm."
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={FIRM_CODE_INPUT_MAX * 2} // room for the spaces and hyphens that are ignored
            className="uppercase"
            {...register("firmCode")}
          />
        </FormField>
      )}
      {formError && <Alert variant="destructive">{formError}</Alert>}
      <Button type="submit" disabled={registration.isPending} className="w-full">
        {registration.isPending ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
