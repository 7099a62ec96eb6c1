import { PASSWORD_MIN_LENGTH } from "@common/auth";
import type { UseFormRegisterReturn } from "react-hook-form";
import { PasswordStrengthMeter } from "@/components/password-strength-meter";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { loadCommonPasswords } from "@/lib/common-passwords";

/**
 * The one field for choosing an account password (register, a firm's first admin, update
 * password): the rule as a hint, the common-password list fetched on focus, the strength meter.
 */
export function NewPasswordField({
  label,
  error,
  registration,
  password,
  userInputs,
  autoFocus,
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  /** What is typed now, for the meter. */
  password: string;
  /** Words easy to guess for this account (its name, its e-mail). */
  userInputs?: string[];
  autoFocus?: boolean;
}) {
  return (
    <div className="grid gap-2">
      <FormField
        label={label}
        error={error}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. A long passphrase is best.`}
      >
        <Input
          type="password"
          autoComplete="new-password"
          aria-required="true"
          autoFocus={autoFocus}
          onFocus={() => void loadCommonPasswords().catch(() => undefined)}
          {...registration}
        />
      </FormField>
      <PasswordStrengthMeter password={password} userInputs={userInputs} />
    </div>
  );
}
