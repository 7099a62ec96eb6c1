import { FIRM_MSG } from "@common/firms";
import { useIsMutating } from "@tanstack/react-query";
import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { firmRegistrationMutationKey } from "../api/create-firm";
import { AdminAccountForm } from "./admin-account-form";
import { FirmDetailsForm, type RegisteredFirm } from "./firm-details-form";
import { CheckEmailToFinish } from "./check-email-to-finish";

const STEPS = ["firm-details", "admin-details", "confirmation"] as const;
type Step = (typeof STEPS)[number];
/** Three equal steps that wrap their labels rather than scroll on a 360 px screen. */
const TRIGGER = "flex-1 px-2! whitespace-normal!";
const isStep = (value: string): value is Step => (STEPS as readonly string[]).includes(value);

/**
 * The three steps of /firm-register (spec 01 §2, §4). Admin Account opens once a firm exists,
 * Confirmation only as the current step; every tab is disabled while a request runs. Once step 2
 * is done the earlier steps close, and the last one says to check the e-mail: the same for every
 * address, with neither a recovery kit nor the firm code (decision 073). The claim secret lives in
 * this component's state only.
 */
export function FirmRegistrationWizard({
  onConfirmation,
}: {
  /** Called once the last step opens (the screen then drops its own links to /login). */
  onConfirmation?: () => void;
}) {
  const [step, setStep] = useState<Step>("firm-details");
  const [firm, setFirm] = useState<RegisteredFirm | null>(null);
  const [notice, setNotice] = useState<string>();
  const [hasAdvanced, setHasAdvanced] = useState(false);
  const [adminEmail, setAdminEmail] = useState<string>();
  const isBusy = useIsMutating({ mutationKey: firmRegistrationMutationKey }) > 0;
  const isComplete = step === "confirmation";

  const advance = (next: Step) => {
    setStep(next);
    setHasAdvanced(true);
  };
  const onTabChange = (value: string) => {
    if (!isStep(value)) return;
    setStep(value);
    setHasAdvanced(false);
  };

  return (
    <Tabs value={step} onValueChange={onTabChange} className="gap-6">
      <TabsList aria-label="Registration steps" className="w-full!">
        <TabsTrigger value="firm-details" disabled={isBusy || isComplete} className={TRIGGER}>
          Firm Details
        </TabsTrigger>
        <TabsTrigger
          value="admin-details"
          disabled={isBusy || !firm || isComplete}
          className={TRIGGER}
        >
          Admin Account
        </TabsTrigger>
        <TabsTrigger value="confirmation" disabled={isBusy || !isComplete} className={TRIGGER}>
          Confirmation
        </TabsTrigger>
      </TabsList>
      {/* Mounted while hidden, so what was typed survives a visit to the other tab. */}
      <TabsContent value="firm-details" forceMount className="data-[state=inactive]:hidden">
        <FirmDetailsForm
          firm={firm}
          shouldFocus={hasAdvanced && step === "firm-details"}
          notice={notice}
          onFirmReady={(created) => {
            setFirm(created);
            setNotice(undefined);
            advance("admin-details");
          }}
        />
      </TabsContent>
      <TabsContent value="admin-details" forceMount className="data-[state=inactive]:hidden">
        <AdminAccountForm
          firm={firm}
          shouldFocus={hasAdvanced && step === "admin-details"}
          onFirmMissing={() => {
            setFirm(null);
            setNotice(FIRM_MSG.firmInfoMissing);
            advance("firm-details");
          }}
          onComplete={(done) => {
            setAdminEmail(done.email);
            advance("confirmation");
            onConfirmation?.();
          }}
        />
      </TabsContent>
      <TabsContent value="confirmation">
        {adminEmail && <CheckEmailToFinish email={adminEmail} />}
      </TabsContent>
    </Tabs>
  );
}
