import { FIRM_CONSENT_MSG } from "@common/firm-membership";
import { FirmConsent } from "@/components/firm-consent";

/**
 * What joining a firm means, by /register's button (spec 01 §2, decision 047): shown once a firm
 * code is typed or a client's invitation is valid, and loaded then, not with the page (decision 077).
 */
export function RegisterFirmConsent({ invitedClientOf }: { invitedClientOf?: string }) {
  return (
    <section
      aria-label="What joining a firm means"
      className="grid gap-3 rounded-md border border-border bg-muted/40 p-4"
    >
      <p className="text-sm font-medium text-foreground wrap-anywhere">
        {invitedClientOf
          ? FIRM_CONSENT_MSG.registerStatement(invitedClientOf)
          : FIRM_CONSENT_MSG.registerStatementByCode}
      </p>
      <FirmConsent firmName={invitedClientOf ?? FIRM_CONSENT_MSG.firmOfCode} />
    </section>
  );
}
