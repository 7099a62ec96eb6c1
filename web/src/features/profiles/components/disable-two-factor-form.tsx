import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MSG } from "@common/auth";
import { confirmPasswordFormSchema } from "@common/auth-schemas";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDisableTwoFactor } from "../api/disable-two-factor";

/** Turning sign-in codes off needs the password. */
export function DisableTwoFactorForm({
  onCancel,
  onDisabled,
}: {
  onCancel: () => void;
  onDisabled: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(confirmPasswordFormSchema),
    defaultValues: { password: "" },
  });
  const disable = useDisableTwoFactor();
  const [serverError, setServerError] = useState<string>();
  const onSubmit = form.handleSubmit(({ password }) => {
    setServerError(undefined);
    disable.mutate(
      { password },
      {
        onSuccess: () => {
          toast.success(AUTH_MSG.twoFactorOff);
          onDisabled();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.authCode === "INVALID_PASSWORD")
            return form.setError("password", { message: err.message }, { shouldFocus: true });
          setServerError(errorMessage(err, AUTH_MSG.twoFactorOffFailed));
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
        label="Password"
        hint="Enter your password to turn sign-in codes off."
        error={form.formState.errors.password?.message}
      >
        <Input
          type="password"
          autoComplete="current-password"
          autoFocus
          {...form.register("password")}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          {disable.isPending ? "Turning off..." : "Turn off"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={disable.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
