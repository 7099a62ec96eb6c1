import { FIRM_ONBOARDING_MSG, type FirmView } from "@common/firms";
import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { CopyCodeButton } from "@/components/copy-code-button";
import { Button } from "@/components/ui/button";

/** /firm/new once the firm is registered: its code, as step 3 of /firm-register shows it. Focus lands on the heading. */
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
      <div className="grid w-full gap-2 rounded-lg border border-border bg-muted p-4">
        <div className="flex items-end justify-center gap-2">
          <dl className="grid gap-2">
            <dt className="text-sm font-medium text-foreground-soft">Your firm code</dt>
            <dd className="font-mono text-3xl font-semibold tracking-[0.2em] text-foreground">
              {firm.firmCode}
            </dd>
          </dl>
          <CopyCodeButton id="firm-code-copy" code={firm.firmCode} />
        </div>
        <p className="text-sm text-foreground-soft">{FIRM_ONBOARDING_MSG.saveFirmCode}</p>
      </div>
      <Button asChild className="w-full">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </div>
  );
}
