import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useFocusOnReturn } from "@/lib/use-focus-on-return";
import { ChangePasswordForm } from "./change-password-form";
import { ProfileCard } from "@/components/profile-card";

/** The form opens on request (focus moves into it) and closes after a change or on Cancel (focus returns). */
export function ChangePasswordCard({ email }: { email: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const { ref: triggerRef, returnFocus } = useFocusOnReturn();
  const close = () => {
    returnFocus();
    setIsOpen(false);
  };
  return (
    <ProfileCard
      title="Password"
      description="Changing your password keeps you signed in here and signs you out on every other device."
    >
      {isOpen ? (
        <ChangePasswordForm email={email} onDone={close} />
      ) : (
        <Button ref={triggerRef} type="button" variant="outline" onClick={() => setIsOpen(true)}>
          Change password
        </Button>
      )}
    </ProfileCard>
  );
}
