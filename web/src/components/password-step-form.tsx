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

type Props = {
  hint: string;
  submitLabel: string;
  pendingLabel: string;
  isDestructive?: boolean;
  failedMessage: string;
  /** Runs the operation with the typed password (the api files derive its sign-in secret). */
  onSubmit: (password: string) => Promise<unknown>;
  onCancel: () => void;
};

/**
 * The password asked again before a sensitive change (sign-in protection): a wrong one (the
 * server's "current password is incorrect", whichever route said it) is shown on the field.
 */
export function PasswordStepForm({
  hint,
  submitLabel,
  pendingLabel,
  isDestructive,
  failedMessage,
  onSubmit,
  onCancel,
}: Props) {
  const form = useForm({
    resolver: zodResolver(confirmPasswordFormSchema),
    defaultValues: { password: "" },
  });
  const [serverError, setServerError] = useState<string>();
  const [isPending, setIsPending] = useState(false);
  const submit = form.handleSubmit(async ({ password }) => {
    setServerError(undefined);
    setIsPending(true);
    try {
      await onSubmit(password);
    } catch (err) {
      if (err instanceof ApiError && err.message === AUTH_MSG.currentPasswordWrong)
        form.setError("password", { message: err.message }, { shouldFocus: true });
      else setServerError(errorMessage(err, failedMessage));
    } finally {
      setIsPending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <FormField label="Password" hint={hint} error={form.formState.errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          autoFocus
          {...form.register("password")}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant={isDestructive ? "destructive" : "default"}
          disabled={isPending}
        >
          {isPending ? pendingLabel : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
