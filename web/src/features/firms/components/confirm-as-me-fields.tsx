import { FIRM_ONBOARDING_MSG } from "@common/firms";
import type { Me } from "@common/profiles";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/**
 * The end of both forms that make the signed-in person a firm's first admin (decision 034): who
 * they are, their password to confirm it, and the server's refusal if any.
 */
export function ConfirmAsMeFields({
  me,
  password,
  passwordError,
  serverError,
}: {
  me: Pick<Me, "name" | "email">;
  password: UseFormRegisterReturn<"password">;
  passwordError: string | undefined;
  serverError: string | undefined;
}) {
  return (
    <>
      <p className="rounded-md bg-muted p-3 text-sm text-foreground-soft wrap-anywhere">
        {FIRM_ONBOARDING_MSG.registerAsMeNote(me.name, me.email)}
      </p>
      <FormField
        label="Your Password"
        error={passwordError}
        hint={FIRM_ONBOARDING_MSG.confirmPassword}
      >
        <Input type="password" autoComplete="current-password" aria-required="true" {...password} />
      </FormField>
      {serverError && <Alert variant="destructive">{serverError}</Alert>}
    </>
  );
}
