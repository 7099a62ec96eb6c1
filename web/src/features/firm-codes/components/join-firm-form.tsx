import { FIRM_CODE_MSG, FIRM_CODE_INPUT_MIN, firmCodeInputSchema } from "@common/firm-codes";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import type { useJoinFirm } from "../api/join-firm";
import { toTypedFirmCode } from "../typed-firm-code";
import { useFirmCodeCheck } from "../use-firm-code-check";
import { JoinFirmConsentDialog } from "./join-firm-consent-dialog";

/**
 * /join-firm's form: the code is checked as it is typed; joining is possible once the check found
 * the firm, and happens once the client has read what the firm will see and confirmed (decision 047).
 */
export function JoinFirmForm({ join }: { join: ReturnType<typeof useJoinFirm> }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [submitError, setSubmitError] = useState<string>();
  const [consentFirm, setConsentFirm] = useState<{ code: string; name: string } | null>(null);
  const check = useFirmCodeCheck(code);
  const isUnverified = code.length >= FIRM_CODE_INPUT_MIN && !check.firm;
  const isDisabled = join.isPending || check.isChecking || isUnverified;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isDisabled) return;
    const parsed = firmCodeInputSchema.safeParse(code);
    if (!parsed.success) {
      setSubmitError(parsed.error.issues[0]?.message ?? FIRM_CODE_MSG.enterFirmCode);
      inputRef.current?.focus();
      return;
    }
    if (check.firm) setConsentFirm({ code: parsed.data, name: check.firm.name });
  };

  const onConsent = async () => {
    if (!consentFirm) return;
    try {
      await join.mutateAsync(consentFirm.code);
      toast.success(FIRM_CODE_MSG.joinSuccess);
      toast.info(FIRM_CODE_MSG.joinRedirecting);
      navigate("/dashboard", { replace: true });
    } catch (err) {
      const message = errorMessage(err, FIRM_CODE_MSG.joinFailed);
      toast.error(message);
      setSubmitError(message);
      setConsentFirm(null); // focus goes back to the code (onCloseAutoFocus)
    }
  };

  const error = submitError ?? check.error;
  const status = check.isChecking
    ? "Checking..."
    : check.firm
      ? FIRM_CODE_MSG.associatedWith(check.firm.name)
      : check.error;
  const hint = check.isChecking ? (
    <span className="inline-flex items-center gap-1 text-sm">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> Checking...
    </span>
  ) : check.firm ? (
    <span className="inline-flex items-center gap-1 text-sm font-medium text-success">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      <span className="wrap-anywhere">{FIRM_CODE_MSG.associatedWith(check.firm.name)}</span>
    </span>
  ) : (
    "The code your law firm gave you: 3 to 10 letters and digits."
  );

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField label="Firm Code" hint={hint} error={error}>
          <Input
            ref={inputRef}
            value={code}
            onChange={(e) => {
              setCode(toTypedFirmCode(e.target.value));
              setSubmitError(undefined);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-required="true"
            className="font-mono tracking-widest"
          />
        </FormField>
        {/* The check's outcome, read out as it arrives (the visible texts above are not live). */}
        <p role="status" className="sr-only">
          {status}
        </p>
        <Button type="submit" disabled={isDisabled} className="w-full">
          {join.isPending ? "Joining..." : "Join Firm"}
        </Button>
      </form>
      <JoinFirmConsentDialog
        firmName={consentFirm?.name ?? null}
        isPending={join.isPending}
        onConfirm={() => void onConsent()}
        onCancel={() => setConsentFirm(null)}
        onCloseAutoFocus={(event) => {
          if (!join.isError) return;
          event.preventDefault();
          inputRef.current?.focus();
        }}
      />
    </>
  );
}
