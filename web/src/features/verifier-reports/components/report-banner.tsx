import { REPORT_KIND_TO_OWNER, REPORT_MSG } from "@common/verifier-reports";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useOwnReport } from "../api/get-own-report";
import { useSayFine } from "../api/say-fine";

const FAILED = "That did not work. Please try again, or sign out and in again.";

/**
 * On the owner's dashboard while a report is open (docs/decisions/082): who reported what, in
 * plain words, and one button. Signing in has already stopped a report made before; this one
 * was made while the owner is signed in (the live screens bring it at once).
 */
export function ReportBanner() {
  const query = useOwnReport();
  const fine = useSayFine();
  const r = query.data?.report;
  if (fine.isSuccess && r?.status === "stopped")
    return (
      <Alert variant="success" data-testid="report-banner">
        <AlertDescription>{REPORT_MSG.fine}</AlertDescription>
      </Alert>
    );
  if (r?.status !== "open") return null;
  return (
    <Alert variant="warning" data-testid="report-banner" className="grid gap-3">
      <AlertDescription>
        <span className="font-medium">
          {r.reporterName} reported on {formatDate(r.reportedAt)} that you{" "}
          {REPORT_KIND_TO_OWNER[r.kind]}.
        </span>{" "}
        If you are reading this, press &lsquo;I&rsquo;m fine&rsquo;. Nothing has been released.
      </AlertDescription>
      <div>
        <Button type="button" disabled={fine.isPending} onClick={() => fine.mutate()}>
          {fine.isPending ? "Saving..." : "I'm fine"}
        </Button>
      </div>
      {fine.error && <p className="text-sm">{errorMessage(fine.error, FAILED)}</p>}
    </Alert>
  );
}
