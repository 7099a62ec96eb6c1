import { FIRM_CODE_INPUT_MAX } from "@common/firm-code-input";

import { AUTH_MSG } from "@common/auth";
import { lazy, Suspense, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { alertLook, buttonLook } from "@/components/looks";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NewPasswordField } from "@/components/new-password-field";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { register } from "../api/register";
import type {
  RegisterFormErrors,
  RegisterFormField,
  RegisterFormInput,
  RegisterFormValues,
} from "../register-form-schema";

/*
 * A plain form, like /login's (decisions 004, 077): no form library on a first page. What its
 * first paint does not need loads when it is needed (decisions 058, 077): the form's checks (zod,
 * 35 KB) with the first submit, the keys' code on submit, the strength meter once the password
 * field is focused (NewPasswordField), what joining a firm means once a firm code is typed.
 */
const loadSchema = () => import("../register-form-schema");
const loadAccountKeys = () => import("@/lib/keys/account-keys");
const loadDerivingStatus = () => import("@/components/keys/deriving-status");
const DerivingStatus = lazy(() =>
  loadDerivingStatus().then((m) => ({ default: m.DerivingStatus })),
);
const RegisterFirmConsent = lazy(() =>
  import("./register-firm-consent").then((m) => ({ default: m.RegisterFirmConsent })),
);

type Props = {
  defaultEmail: string;
  isEmailLocked: boolean;
  /** A firm page's published code (/register?firmCode=, decision 095). */
  defaultFirmCode?: string;
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
  defaultFirmCode = "",
  invitationCode,
  invitedClientOf,
  onRegistered,
}: Props) {
  const [values, setValues] = useState<RegisterFormInput>({
    name: "",
    email: defaultEmail,
    password: "",
    confirmPassword: "",
    firmCode: defaultFirmCode,
  });
  const [errors, setErrors] = useState<RegisterFormErrors>({});
  /** The server's refusal when it names no field of this form. */
  const [refusal, setRefusal] = useState<string>();
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isDeriving, setIsDeriving] = useState(false);
  const inputs = useRef<Partial<Record<RegisterFormField, HTMLInputElement | null>>>({});

  /** Once the form has been sent, a field is checked again as it changes (its message only). */
  const recheck = async (field: RegisterFormField, next: RegisterFormInput) => {
    const { checkRegisterForm } = await loadSchema();
    const message = checkRegisterForm(next).errors?.[field];
    setErrors((shown) => ({ ...shown, [field]: message }));
  };

  const field = (name: RegisterFormField) => ({
    name,
    value: values[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (isSubmitted) void recheck(name, next).catch(() => undefined);
    },
  });

  /**
   * The password is checked against the common-password list here (the server only receives a
   * value derived from it), then the keys are made (decision 038), then the account is created.
   */
  const send = async ({ name, email, password, firmCode }: RegisterFormValues) => {
    let accountKeys: Awaited<ReturnType<typeof loadAccountKeys>> | undefined;
    void loadDerivingStatus().catch(() => undefined);
    try {
      accountKeys = await loadAccountKeys();
      const made = await accountKeys.prepareNewPassword({
        password,
        onDeriving: () => setIsDeriving(true),
      });
      const secret = { password: made.signInSecret, keys: made.keys };
      await register(
        invitationCode
          ? { name, email, ...secret, invitationCode }
          : { name, email, ...secret, firmCode: firmCode || undefined },
      );
      onRegistered({ email, recoveryKey: made.recoveryKey });
    } catch (err) {
      if (accountKeys && err instanceof accountKeys.CommonPasswordError) {
        setErrors((shown) => ({ ...shown, password: err.message }));
        inputs.current.password?.focus();
        return;
      }
      toast.error(errorMessage(err, AUTH_MSG.registerFailure));
      const refused = (await loadSchema()).registerRefusal(err); // loaded by the form's checks already
      setErrors((shown) => ({ ...shown, ...refused.fields }));
      setRefusal(refused.form);
      if (refused.first) inputs.current[refused.first]?.focus();
    } finally {
      setIsDeriving(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setIsSubmitting(true);
    setIsSubmitted(true);
    setRefusal(undefined);
    try {
      const { checkRegisterForm, REGISTER_FORM_FIELDS } = await loadSchema();
      const checked = checkRegisterForm(values);
      setErrors(checked.errors ?? {});
      if (!checked.errors) return await send(checked.values);
      // the first field that failed, in the form's order
      const first = REGISTER_FORM_FIELDS.find((f) => checked.errors[f]);
      if (first) inputs.current[first]?.focus();
    } catch (err) {
      // the checks' code did not load (offline)
      toast.error(errorMessage(err, AUTH_MSG.registerFailure));
    } finally {
      setIsSubmitting(false);
    }
  };

  const isMissing = [errors.name, errors.email, errors.password].some(
    (e) => e === AUTH_MSG.registerMissing,
  );
  const hasTypedCode = !invitationCode && values.firmCode.trim() !== "";
  const formError = isMissing ? AUTH_MSG.registerMissing : refusal;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <FormField label="Full Name" error={fieldError(errors.name)}>
        <Input autoComplete="name" aria-required="true" {...field("name")} />
      </FormField>
      <FormField
        label="Email"
        error={fieldError(errors.email)}
        hint={isEmailLocked ? "This is the address your invitation was sent to." : undefined}
      >
        <Input
          type="email"
          autoComplete="email"
          aria-required="true"
          readOnly={isEmailLocked}
          className={isEmailLocked ? "bg-muted" : undefined}
          {...field("email")}
        />
      </FormField>
      <NewPasswordField
        label="Password"
        error={fieldError(errors.password)}
        registration={field("password")}
        password={values.password}
        userInputs={[values.name, values.email]}
      />
      <FormField label="Confirm Password" error={errors.confirmPassword}>
        <Input
          type="password"
          autoComplete="new-password"
          aria-required="true"
          {...field("confirmPassword")}
        />
      </FormField>
      {!invitationCode && (
        <FormField
          label="Firm Code (optional)"
          error={errors.firmCode}
          hint="If your law firm gave you a code, enter it to link your account to the firm."
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={FIRM_CODE_INPUT_MAX * 2} // room for the spaces and hyphens that are ignored
            className="uppercase"
            {...field("firmCode")}
          />
        </FormField>
      )}
      {formError && (
        <div role="alert" className={alertLook.destructive}>
          {formError}
        </div>
      )}
      {isDeriving && (
        <Suspense fallback={null}>
          <DerivingStatus />
        </Suspense>
      )}
      {(invitedClientOf || hasTypedCode) && (
        // One form (spec 01 §2): what the firm will see is said by its button (decision 047)
        <Suspense fallback={null}>
          <RegisterFirmConsent invitedClientOf={invitedClientOf} />
        </Suspense>
      )}
      <button type="submit" disabled={isSubmitting} className={`${buttonLook.primary} w-full`}>
        {isSubmitting ? "Creating account..." : "Create Account"}
      </button>
    </form>
  );
}
