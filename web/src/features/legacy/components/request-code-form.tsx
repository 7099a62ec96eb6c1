import { zodResolver } from "@hookform/resolvers/zod";
import { legacyCodeRequestSchema, LEGACY_MSG } from "@common/legacy";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { useRequestLegacyCode } from "../api/request-code";

/** Step 1 of /legacy: the address the release e-mail went to; "Send code" mails a 6-digit code (the answer never says whether anything was left). */
export function RequestCodeForm({
  defaultEmail,
  onSent,
}: {
  defaultEmail: string;
  onSent: (email: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(legacyCodeRequestSchema),
    defaultValues: { email: defaultEmail },
  });
  const request = useRequestLegacyCode();
  const [serverError, setServerError] = useState<string>();
  const onSubmit = form.handleSubmit(({ email }) => {
    setServerError(undefined);
    request.mutate(
      { email },
      {
        onSuccess: () => onSent(email),
        onError: (err) => {
          const message = errorMessage(err, LEGACY_MSG.codeSendFailed);
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
        {request.isPending ? "Sending..." : "Send code"}
      </Button>
    </form>
  );
}
