import { FIRM_ONBOARDING_MSG, type FirmView } from "@common/firms";
import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { FirmCodeBox } from "./firm-code-box";

/** /firm/new once the firm is registered (from the app, or by the e-mailed claim link): its code. Focus lands on the heading. */
export function FirmReady({ firm }: { firm: FirmView }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <CircleCheck aria-hidden="true" className="size-12 text-success" />
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {FIRM_ONBOARDING_MSG.registrationComplete}
      </h2>
      <p className="text-sm text-foreground-soft wrap-anywhere">
        {FIRM_ONBOARDING_MSG.firmReady(firm.name)}
      </p>
      <FirmCodeBox firmCode={firm.firmCode} />
      <Button asChild className="w-full">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </div>
  );
}
