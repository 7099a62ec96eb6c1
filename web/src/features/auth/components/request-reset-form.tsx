import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MSG } from "@common/auth";
import { requestPasswordResetFormSchema } from "@common/auth-schemas";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useRequestPasswordReset } from "../api/request-password-reset";

/** The server's words for what the user can act on (e.g. 429); the spec's text otherwise. */
const failureMessage = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500
    ? err.message
    : AUTH_MSG.resetFailed;

export function RequestResetForm({
  defaultEmail,
  onSent,
}: {
  defaultEmail: string;
  onSent: (email: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(requestPasswordResetFormSchema),
    defaultValues: { email: defaultEmail },
  });
  const request = useRequestPasswordReset();
  const [serverError, setServerError] = useState<string>();
  const onSubmit = form.handleSubmit(({ email }) => {
    setServerError(undefined);
    request.mutate(
      { email },
      {
        onSuccess: () => {
          toast.success(AUTH_MSG.resetSent);
          onSent(email);
        },
        onError: (err) => {
          const message = failureMessage(err);
          setServerError(message);
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
      <FormField label="Email" error={form.formState.errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          {...form.register("email")}
        />
      </FormField>
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? "Sending..." : "Send reset link"}
      </Button>
    </form>
  );
}
