import { AUTH_MSG } from "@common/auth";
import { useState } from "react";
import { buttonLook } from "@/components/looks";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { resendConfirmation } from "../api/resend-confirmation";

/** 'Resend confirmation email' (spec 01 §5, §8), on /login's unconfirmed panel and /register's check-your-email step. */
export function ResendConfirmationButton({
  email,
  className = "",
}: {
  email: string;
  className?: string;
}) {
  const [isSending, setIsSending] = useState(false);
  const onResend = async () => {
    const address = email.trim();
    if (!address) {
      toast.error(AUTH_MSG.resendNeedsEmail);
      return;
    }
    setIsSending(true);
    try {
      await resendConfirmation(address);
      toast.success(AUTH_MSG.resendSuccess);
    } catch (err) {
      toast.error(
        err instanceof ApiError && err.status === 429 ? err.message : AUTH_MSG.resendFailure,
      );
    } finally {
      setIsSending(false);
    }
  };
  return (
    <button
      type="button"
      onClick={onResend}
      disabled={isSending}
      className={`${buttonLook.outline} w-full ${className}`}
    >
      {isSending ? "Sending..." : "Resend confirmation email"}
    </button>
  );
}
