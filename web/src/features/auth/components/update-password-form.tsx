import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MSG } from "@common/auth";
import { setNewPasswordFormSchema } from "@common/auth-schemas";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { CommonPasswordError } from "@/lib/keys/account-keys";
import { useResetPasswordKeys } from "@/lib/keys/api/reset-password-keys";
import { DerivingStatus } from "@/components/keys/deriving-status";
import { makeResetInput, type ResetVault } from "@/lib/keys/reset-keys";
import { ApiError, errorMessage } from "@/lib/api-client";
import { NewPasswordField } from "@/components/new-password-field";
import { isInvalidResetLink } from "../reset-link-error";

const PASSWORD_ERRORS = new Set(["PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "PASSWORD_TOO_COMMON"]);

type Props = {
  token: string;
  /** The data key the new password will open (kept, or null for a new one). */
  vault: ResetVault;
  /** The new password is set; `newRecoveryKey` is the kit to show (null: the owner's own still works). */
  onUpdated: (newRecoveryKey: string | null) => void;
  onInvalidToken: (message: string) => void;
};

/**
 * /update-password's last step: the new password, checked against the common-password list in
 * the browser, its keys derived with a new salt (with progress), then POST /api/vault/reset
 * (decision 038). The server receives only the derived sign-in secret.
 */
export function UpdatePasswordForm({ token, vault, onUpdated, onInvalidToken }: Props) {
  const form = useForm({
    resolver: zodResolver(setNewPasswordFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const newPassword = useWatch({ control: form.control, name: "newPassword" }) ?? "";
  const reset = useResetPasswordKeys();
  const [isDeriving, setIsDeriving] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setServerError(undefined);
    try {
      const made = await makeResetInput({
        token,
        password: newPassword,
        vault,
        onDeriving: () => setIsDeriving(true),
      });
      await reset.mutateAsync(made.input);
      onUpdated(made.newRecoveryKey);
    } catch (err) {
      if (err instanceof CommonPasswordError)
        return form.setError("newPassword", { message: err.message }, { shouldFocus: true });
      if (isInvalidResetLink(err)) return onInvalidToken(AUTH_MSG.linkInvalid);
      const authCode = err instanceof ApiError ? err.authCode : undefined;
      if (authCode && PASSWORD_ERRORS.has(authCode))
        return form.setError(
          "newPassword",
          { message: errorMessage(err, "") },
          { shouldFocus: true },
        );
      setServerError(errorMessage(err, AUTH_MSG.passwordUpdateFailed));
    } finally {
      setIsDeriving(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <NewPasswordField
        label="New password"
        error={errors.newPassword?.message}
        registration={form.register("newPassword")}
        password={newPassword}
        autoFocus
      />
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      {isDeriving && <DerivingStatus />}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? "Updating..." : "Update password"}
      </Button>
    </form>
  );
}
