import { FIRM_CODE_INPUT_MAX } from "@common/firm-code-input";

import { AUTH_MSG } from "@common/auth";
import { FIRM_CONSENT_MSG } from "@common/firm-membership";
import { lazy, Suspense, useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { DerivingStatus } from "@/components/keys/deriving-status";
import { NewPasswordField } from "@/components/new-password-field";
import { applyServerErrors } from "@/lib/field-errors";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useRegister } from "../api/register";
import type { RegisterFormInput, RegisterFormValues } from "../register-form-schema";

/*
 * What the first paint of /register does not need loads when it is needed (decision 058): the
 * form's checks (zod, 35 KB) with the first validation, the keys' code on submit, the firm's
 * consent once a firm code is typed.
 */
const loadSchema = () => import("../register-form-schema");
const loadAccountKeys = () => import("@/lib/keys/account-keys");
const FirmConsent = lazy(() =>
  import("@/components/firm-consent").then((m) => ({ default: m.FirmConsent })),
);

const resolver: Resolver<RegisterFormInput, unknown, RegisterFormValues> = async (
  values,
  context,
  options,
) => {
  const [{ zodResolver }, { registerFormSchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    loadSchema(),
  ]);
  return zodResolver(registerFormSchema)(values, context, options);
};

type Props = {
  defaultEmail: string;
  isEmailLocked: boolean;
  invitationCode?: string;
  /** The firm a valid invitation makes the new account a client of (not staff or admin). */
  invitedClientOf?: string;
  /** The account exists: its address, and the recovery key to show once. */
  onRegistered: (registered: { email: string; recoveryKey: string }) => void;
};

/** 'Please fill out all required fields' is said once above the form, not under each empty field. */
const fieldError = (message: string | undefined) =>
  message === AUTH_MSG.registerMissing ? undefined : message;

export function RegisterForm({
  defaultEmail,
  isEmailLocked,
  invitationCode,
  invitedClientOf,
  onRegistered,
}: Props) {
  const registration = useRegister();
  const [isDeriving, setIsDeriving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver,
    defaultValues: {
      name: "",
      email: defaultEmail,
      password: "",
      confirmPassword: "",
      firmCode: "",
    },
  });
  const [password = "", name = "", email = ""] = useWatch({
    control,
    name: ["password", "name", "email"],
  });

  /**
   * The password is checked against the common-password list here (the server only receives a
   * value derived from it), then the keys are made (decision 038), then the account is created.
   */
  const onSubmit = handleSubmit(async ({ name, email, password, firmCode }) => {
    let accountKeys: Awaited<ReturnType<typeof loadAccountKeys>> | undefined;
    try {
      accountKeys = await loadAccountKeys();
      const made = await accountKeys.prepareNewPassword({
        password,
        onDeriving: () => setIsDeriving(true),
      });
      const secret = { password: made.signInSecret, keys: made.keys };
      await registration.mutateAsync(
        invitationCode
          ? { name, email, ...secret, invitationCode }
          : { name, email, ...secret, firmCode: firmCode || undefined },
      );
      onRegistered({ email, recoveryKey: made.recoveryKey });
    } catch (err) {
      if (accountKeys && err instanceof accountKeys.CommonPasswordError)
        return setError("password", { message: err.message }, { shouldFocus: true });
      toast.error(errorMessage(err, AUTH_MSG.registerFailure));
      applyServerErrors(setError, err, {
        fields: (await loadSchema()).REGISTER_FORM_FIELDS, // loaded by the form's checks already
        fallback: AUTH_MSG.registerFormError,
      });
    } finally {
      setIsDeriving(false);
    }
  });

  const isMissing = [errors.name, errors.email, errors.password].some(
    (e) => e?.message === AUTH_MSG.registerMissing,
  );
  const typedCode = useWatch({ control, name: "firmCode" });
  const hasTypedCode = !invitationCode && typedCode.trim() !== "";
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
      <NewPasswordField
        label="Password"
        error={fieldError(errors.password?.message)}
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
      {isDeriving && <DerivingStatus />}
      {(invitedClientOf || hasTypedCode) && (
        // One form (spec 01 §2): what the firm will see is said by its button (decision 047)
        <section
          aria-label="What joining a firm means"
          className="grid gap-3 rounded-md border border-border bg-muted/40 p-4"
        >
          <p className="text-sm font-medium text-foreground wrap-anywhere">
            {invitedClientOf
              ? FIRM_CONSENT_MSG.registerStatement(invitedClientOf)
              : FIRM_CONSENT_MSG.registerStatementByCode}
          </p>
          <Suspense fallback={null}>
            <FirmConsent firmName={invitedClientOf ?? FIRM_CONSENT_MSG.firmOfCode} />
          </Suspense>
        </section>
      )}
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? "Creating account..." : "Create Account"}
      </Button>
    </form>
  );
}
