import { FIRM_ONBOARDING_MSG } from "@common/firms";
import { CopyCodeButton } from "@/components/copy-code-button";

/** The firm's own code, large, with its copy button and "Save this code…" (spec 01 §2 step 3). */
export function FirmCodeBox({ firmCode }: { firmCode: string }) {
  return (
    <div className="grid w-full gap-2 rounded-lg border border-border bg-muted p-4 text-center">
      <div className="flex items-end justify-center gap-2">
        <dl className="grid gap-2">
          <dt className="text-sm font-medium text-foreground-soft">Your firm code</dt>
          <dd className="font-mono text-3xl font-semibold tracking-[0.2em] text-foreground">
            {firmCode}
          </dd>
        </dl>
        <CopyCodeButton id="firm-code-copy" code={firmCode} />
      </div>
      <p className="text-sm text-foreground-soft">{FIRM_ONBOARDING_MSG.saveFirmCode}</p>
    </div>
  );
}
