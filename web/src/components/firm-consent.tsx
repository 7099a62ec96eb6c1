import { FIRM_CONSENT_MSG, FIRM_NEVER_SEES, FIRM_SEES } from "@common/firm-membership";
import { Eye, LockKeyhole } from "lucide-react";

/**
 * What a law firm sees of a client and what it never sees (decision 047): said before joining by
 * code (/join-firm's dialog) and on /register when a firm code or a client's invitation is given.
 */
export function FirmConsent({ firmName }: { firmName: string }) {
  return (
    <div className="grid gap-3 text-sm">
      <div className="grid gap-1">
        <p className="flex items-center gap-2 font-medium text-foreground">
          <Eye aria-hidden="true" className="size-4 shrink-0 text-brand" />
          <span className="wrap-anywhere">{FIRM_CONSENT_MSG.seesHeading(firmName)}</span>
        </p>
        <ul className="list-disc space-y-0.5 ps-10 text-foreground-soft">
          {FIRM_SEES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <div className="grid gap-1">
        <p className="flex items-center gap-2 font-medium text-foreground">
          <LockKeyhole aria-hidden="true" className="size-4 shrink-0 text-brand" />
          {FIRM_CONSENT_MSG.neverSeesHeading}
        </p>
        <p className="ps-6 text-foreground-soft">{FIRM_NEVER_SEES}</p>
      </div>
      <p className="text-foreground-soft">{FIRM_CONSENT_MSG.keepsNotes(firmName)}</p>
      <p className="text-muted-foreground">{FIRM_CONSENT_MSG.leaveAnyTime}</p>
    </div>
  );
}
