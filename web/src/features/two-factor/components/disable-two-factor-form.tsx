import { AUTH_MSG } from "@common/auth";
import { PasswordStepForm } from "@/components/password-step-form";
import { toast } from "@/lib/toast";
import { useDisableTwoFactor } from "../api/disable-two-factor";

/** Turning sign-in codes off needs the password (derived before it goes: "Turning off..." meanwhile). */
export function DisableTwoFactorForm({
  email,
  onCancel,
  onDisabled,
}: {
  email: string;
  onCancel: () => void;
  onDisabled: () => void;
}) {
  const disable = useDisableTwoFactor();
  return (
    <PasswordStepForm
      hint="Enter your password to turn sign-in codes off."
      submitLabel="Turn off"
      pendingLabel="Turning off..."
      isDestructive
      failedMessage={AUTH_MSG.twoFactorOffFailed}
      onSubmit={async (password) => {
        await disable.mutateAsync({ email, password });
        toast.success(AUTH_MSG.twoFactorOff);
        onDisabled();
      }}
      onCancel={onCancel}
    />
  );
}
