import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_MIN_LENGTH, AUTH_MSG } from "@common/auth";
import { changePasswordFormSchema } from "@common/auth-schemas";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { WrongVaultPasswordError } from "@/lib/keys/vault-unlock";
import { PasswordStrengthMeter } from "@/components/password-strength-meter";
import { useChangePassword } from "../api/change-password";

const NEW_PASSWORD_ERRORS = new Set([
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORD_TOO_COMMON",
]);
const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * Change password; every other signed-in device is signed out. Both passwords are derived here
 * (PBKDF2, about a second for the two): the button says "Changing..." meanwhile.
 */
export function ChangePasswordForm({ email, onDone }: { email: string; onDone: () => void }) {
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const newPassword = useWatch({ control: form.control, name: "newPassword" }) ?? "";
  const change = useChangePassword();
  const [serverError, setServerError] = useState<string>();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    setServerError(undefined);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(AUTH_MSG.passwordChanged);
          onDone();
        },
        onError: (err) => {
          const authCode = err instanceof ApiError ? err.authCode : undefined;
          // The current password is checked here first: it must open the vault (decision 038).
          if (err instanceof WrongVaultPasswordError || authCode === "INVALID_PASSWORD")
            return form.setError(
              "currentPassword",
              { message: AUTH_MSG.currentPasswordWrong },
              { shouldFocus: true },
            );
          if (authCode && NEW_PASSWORD_ERRORS.has(authCode))
            return form.setError("newPassword", { message: err.message }, { shouldFocus: true });
          const message = errorMessage(err, AUTH_MSG.passwordChangeFailed);
          setServerError(message);
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <FormField label="Current password" error={errors.currentPassword?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          autoFocus
          {...form.register("currentPassword")}
        />
      </FormField>
      <div className="grid gap-2">
        <FormField
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.newPassword?.message}
        >
          <Input type="password" autoComplete="new-password" {...form.register("newPassword")} />
        </FormField>
        <PasswordStrengthMeter password={newPassword} userInputs={[email]} />
      </div>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? "Changing..." : "Change password"}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={change.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
