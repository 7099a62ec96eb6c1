import { zodResolver } from "@hookform/resolvers/zod";
import { AUTH_MSG } from "@common/auth";
import { EMAIL_CHANGE_MSG, emailChangeFormSchema } from "@common/email-change";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useRequestEmailChange } from "../api/request-email-change";

const EMPTY = { newEmail: "", password: "" };

/**
 * The new address and the password. The password is derived here (PBKDF2, about half a second):
 * the button says "Sending..." meanwhile. On success the parent says where the link went.
 */
export function EmailChangeForm({
  email,
  onSent,
  onCancel,
}: {
  email: string;
  onSent: (newEmail: string) => void;
  onCancel: () => void;
}) {
  const form = useForm({ resolver: zodResolver(emailChangeFormSchema), defaultValues: EMPTY });
  const request = useRequestEmailChange();
  const [serverError, setServerError] = useState<string>();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ newEmail, password }) => {
    setServerError(undefined);
    request.mutate(
      { email, newEmail, password },
      {
        onSuccess: (view) => onSent(view.newEmail),
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fields : undefined;
          if (fields?.currentPassword)
            return form.setError(
              "password",
              { message: AUTH_MSG.currentPasswordWrong },
              { shouldFocus: true },
            );
          if (fields?.newEmail)
            return form.setError("newEmail", { message: fields.newEmail }, { shouldFocus: true });
          setServerError(errorMessage(err, EMAIL_CHANGE_MSG.failed));
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {/* Lets password managers know whose password is asked for. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <FormField
        label="New e-mail address"
        hint="We send a link to this address. Nothing changes until you open it."
        error={errors.newEmail?.message}
      >
        <Input type="email" autoComplete="email" autoFocus {...form.register("newEmail")} />
      </FormField>
      <FormField label="Your password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? "Sending..." : "Send confirmation link"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={request.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
