import { UserCheck } from "lucide-react";
import { linkLook } from "@/components/looks";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { useOwnReport } from "../api/get-own-report";
import { ReportDetails } from "./report-details";

/**
 * On the owner's release screen, beside the Verifiers card (docs/decisions/082): the open report
 * and who has confirmed it, or what became of the latest one. Nothing when there is none.
 * "I'm fine" is on the dashboard's banner; a wait that started is cancelled on the release card.
 */
export function OwnReportCard() {
  const report = useOwnReport().data?.report;
  if (!report) return null;
  return (
    <Card role="region" aria-labelledby="own-report-heading" data-testid="own-report-card">
      <CardHeader className="pb-2">
        <CardHeading id="own-report-heading" icon={UserCheck}>
          {report.status === "open" ? "A report about you" : "The latest report about you"}
        </CardHeading>
      </CardHeader>
      <CardContent>
        <ReportDetails
          report={report}
          ownerName={null}
          document={
            <a href="/api/reports/document" download className={linkLook}>
              Open the document
            </a>
          }
        />
      </CardContent>
    </Card>
  );
}
