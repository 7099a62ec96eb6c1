import { FIRM_ONBOARDING_MSG } from "@common/firms";
import { MailCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/**
 * Step 3 of /firm-register, the same whether or not the address has an account (decision 073):
 * check your e-mail to finish. No recovery kit and no firm code before the address is proven.
 * Focus lands on its heading, so a screen reader starts reading here.
 */
export function CheckEmailToFinish({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <MailCheck aria-hidden="true" className="size-12 text-brand" />
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {FIRM_ONBOARDING_MSG.checkEmailTitle}
      </h2>
      <p className="text-sm text-foreground wrap-anywhere">
        {FIRM_ONBOARDING_MSG.confirmationSent(email)}
      </p>
      <p className="text-sm text-foreground-soft">{FIRM_ONBOARDING_MSG.afterTheLink}</p>
      <Button asChild className="w-full">
        <Link to="/login">Go to Login</Link>
      </Button>
    </div>
  );
}
