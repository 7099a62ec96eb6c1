import { zodResolver } from "@hookform/resolvers/zod";
import { PASSWORD_MIN_LENGTH, AUTH_MSG } from "@common/auth";
import { setNewPasswordFormSchema } from "@common/auth-schemas";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useResetPassword } from "../api/reset-password";

const TOKEN_ERRORS = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED"]);
const PASSWORD_ERRORS = new Set(["PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "PASSWORD_TOO_COMMON"]);

type Props = { token: string; onUpdated: () => void; onInvalidToken: (message: string) => void };

export function UpdatePasswordForm({ token, onUpdated, onInvalidToken }: Props) {
  const form = useForm({
    resolver: zodResolver(setNewPasswordFormSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const reset = useResetPassword();
  const [serverError, setServerError] = useState<string>();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ newPassword }) => {
    setServerError(undefined);
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: onUpdated,
        onError: (err) => {
          const authCode = err instanceof ApiError ? err.authCode : undefined;
          if (authCode && TOKEN_ERRORS.has(authCode)) return onInvalidToken(err.message);
          if (authCode && PASSWORD_ERRORS.has(authCode))
            return form.setError("newPassword", { message: err.message }, { shouldFocus: true });
          setServerError(errorMessage(err, AUTH_MSG.passwordUpdateFailed));
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <FormField
        label="New password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.newPassword?.message}
      >
        <Input
          type="password"
          autoComplete="new-password"
          autoFocus
          {...form.register("newPassword")}
        />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? "Updating..." : "Update password"}
      </Button>
    </form>
  );
}
