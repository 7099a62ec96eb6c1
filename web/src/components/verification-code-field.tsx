import { VERIFICATION_CODE_LENGTH } from "@common/auth";
import type { ReactNode, Ref } from "react";
import { FormField } from "@/components/ui/form-field";
import {
  InputOTP,
  InputOTPGroup,
  InputOTPSlot,
  REGEXP_ONLY_DIGITS,
} from "@/components/ui/input-otp";

const SLOTS = Array.from({ length: VERIFICATION_CODE_LENGTH }, (_, i) => i);

type Props = {
  hint: ReactNode;
  value: string;
  onChange: (code: string) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/** The six-slot "Verification code" of every e-mailed code (/mfa, /profile, /legacy): one real input, digits only. */
export function VerificationCodeField({ hint, value, onChange, inputRef }: Props) {
  return (
    <FormField label="Verification code" hint={hint}>
      <InputOTP
        maxLength={VERIFICATION_CODE_LENGTH}
        pattern={REGEXP_ONLY_DIGITS}
        ref={inputRef}
        value={value}
        onChange={onChange}
        autoFocus
        autoComplete="one-time-code"
        noScriptCSSFallback={null}
      >
        <InputOTPGroup>
          {SLOTS.map((i) => (
            <InputOTPSlot key={i} index={i} />
          ))}
        </InputOTPGroup>
      </InputOTP>
    </FormField>
  );
}
