import { RELEASE_UI_MSG } from "@common/release";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { useDeliveries } from "@/features/deliveries/api/list-deliveries";
import { useReleasePlan } from "@/features/release/api/get-release-plan";
import { AccessKeysCard } from "@/features/release/components/access-keys-card";
import { EscalationCard } from "@/features/release/components/escalation-card";
import { PauseCard } from "@/features/release/components/pause-card";
import { ReleaseCoverageCard } from "@/features/release/components/release-coverage-card";
import { ReleasePlanForm } from "@/features/release/components/release-plan-form";
import { ReleaseStatusCard } from "@/features/release/components/release-status-card";
import { ReleaseTimeline } from "@/features/release/components/release-timeline";
import { errorMessage } from "@/lib/api-client";
import { VerifiersCard } from "@/features/verifiers/components/verifiers-card";
import { PlanHealthCard } from "@/features/plan-health/components/plan-health-card";
import { PlaybookSummaryCard } from "@/features/playbook/components/playbook-summary-card";
import { RehearsalCard } from "@/features/rehearsal/components/rehearsal-card";
import { BeneficiaryPreviewCard } from "@/features/rehearsal/components/beneficiary-preview-card";
import { OwnReportCard } from "@/features/verifier-reports/components/own-report-card";
import { IncapacityCard } from "@/features/incapacity/components/incapacity-card";
import { useBeneficiaryNameOf } from "@/lib/beneficiary-names";

/** /release: the owner's release (state, and the way to cancel one that waits), the plan, what it would hand out, its timeline and the verifiers. */
export default function ReleaseScreen() {
  const release = useReleasePlan();
  const nameOf = useBeneficiaryNameOf();
  const deliveries = useDeliveries();
  const loadError = release.isError
    ? errorMessage(release.error, RELEASE_UI_MSG.loadFailed)
    : undefined;

  const view = release.data;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Release Plan"
        description="Decide when the people you chose receive what you left to them."
      />
      {view ? (
        <>
          <ReleaseStatusCard view={view} />
          <EscalationCard view={view} />
          <PlanHealthCard />
          <div className="grid items-start gap-6 md:grid-cols-[3fr_2fr]">
            <Card>
              <CardHeader className="pb-2">
                <h2 className="text-lg font-semibold">Your plan</h2>
              </CardHeader>
              <CardContent>
                <ReleasePlanForm plan={view.plan} />
              </CardContent>
            </Card>
            <div className="grid gap-6">
              <PauseCard plan={view.plan} />
              <ReleaseCoverageCard count={view.assetsWithBeneficiary} />
              <ReleaseTimeline timeline={view.timeline} />
            </div>
          </div>
          <OwnReportCard />
          <IncapacityCard />
          <VerifiersCard />
          <PlaybookSummaryCard />
          <AccessKeysCard nameOf={nameOf} />
          <RehearsalCard />
          <BeneficiaryPreviewCard nameOf={nameOf} deliveries={deliveries} />
        </>
      ) : loadError ? (
        <LoadError onRetry={() => void release.refetch()}>{loadError}</LoadError>
      ) : (
        <Loading variant="detail" />
      )}
    </div>
  );
}
