import { PASSWORD_MIN_LENGTH } from "@common/auth";
import { lazy, Suspense, useState, type ComponentProps } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/*
 * Not with the screen (decision 077): the meter's code once the field is focused or holds a value,
 * the common-password list on focus. /register is a first page with a JavaScript budget.
 */
const PasswordStrengthMeter = lazy(() =>
  import("@/components/password-strength-meter").then((m) => ({
    default: m.PasswordStrengthMeter,
  })),
);
const loadCommonPasswords = () =>
  import("@/lib/common-passwords").then((m) => m.loadCommonPasswords());

/**
 * The meter's place while its code loads: its live region already there, empty (as the meter's is
 * for an empty password), so that what it says next is announced.
 */
const meterPlaceholder = (
  <div className="grid gap-1.5" data-testid="password-strength">
    <p aria-live="polite" className="text-sm text-foreground-soft" />
  </div>
);

/**
 * The one field for choosing an account password (register, a firm's first admin, update
 * password): the rule as a hint, the common-password list fetched on focus, the strength meter.
 * `registration` is the input's props: react-hook-form's `register("password")`, or a plain
 * form's value and onChange (/register).
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
  registration: ComponentProps<"input">;
  /** What is typed now, for the meter. */
  password: string;
  /** Words easy to guess for this account (its name, its e-mail). */
  userInputs?: string[];
  autoFocus?: boolean;
}) {
  const [isFocused, setIsFocused] = useState(false);
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
          onFocus={() => {
            setIsFocused(true);
            void loadCommonPasswords().catch(() => undefined);
          }}
          {...registration}
        />
      </FormField>
      {isFocused || password ? (
        <Suspense fallback={meterPlaceholder}>
          <PasswordStrengthMeter password={password} userInputs={userInputs} />
        </Suspense>
      ) : (
        meterPlaceholder
      )}
    </div>
  );
}
