import { CLIENT_MSG } from "@common/clients";
import { Eye } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useMe } from "@/lib/me";
import { useClient } from "@/features/clients/api/get-client";
import { useRecordImpersonation } from "@/features/clients/api/record-impersonation";
import { ClientDashboardPreview } from "@/features/clients/components/client-dashboard-preview";
import { ClientFirmDetailsCard } from "@/features/clients/components/client-firm-details-card";
import { ClientProfileDetails } from "@/features/clients/components/client-profile";
import { ClientVaultSummary } from "@/features/clients/components/client-vault-summary";
import { CountCards } from "@/features/dashboard/components/count-cards";
import { ClientRecentAssetsCard } from "@/features/dashboard/components/recent-assets-card";
import { ClientReleaseCard } from "@/features/release/components/client-release-card";
import { FirmVerifierCard } from "@/features/verifiers/components/firm-verifier-card";
import { PlanHealthCard } from "@/features/plan-health/components/plan-health-card";
import { ExecutorProgressCard } from "@/features/executor-tasks/components/executor-progress-card";
import { FirmMilestonesCard } from "@/features/milestones/components/firm-milestones-card";
import { FirmReportCard } from "@/features/verifier-reports/components/firm-report-card";
import { ReleasePeopleCard } from "@/features/deliveries/components/release-people-card";
import { ImpersonationBanner } from "@/features/clients/components/impersonation-banner";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";

type Tab = "profile" | "dashboard";

/** /clients/:id (firm_admin or firm_staff): the client's profile, their dashboard under 'View as Client', and their release (issue 5). */
export default function ClientDetailScreen() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { data: me } = useMe();
  const client = useClient(id);
  const [tab, setTab] = useState<Tab>("profile");
  const [isImpersonating, setIsImpersonating] = useState(false);
  const exitRef = useRef<HTMLButtonElement>(null);
  const viewRef = useRef<HTMLButtonElement>(null);
  const isFocusPending = useRef(false);
  const impersonation = useRecordImpersonation();

  useEffect(() => {
    if (!client.isError) return;
    toast.error(CLIENT_MSG.fetchFailed, { id: "client-fetch" });
    navigate("/dashboard", { replace: true });
  }, [client.isError, navigate]);
  // The button pressed disappears with the toggle: focus goes to its counterpart.
  useEffect(() => {
    if (!isFocusPending.current) return;
    isFocusPending.current = false;
    (isImpersonating ? exitRef : viewRef).current?.focus();
  }, [isImpersonating]);

  // Starting and ending are recorded in the audit log first; nothing is shown unrecorded.
  const toggle = (on: boolean) =>
    impersonation.mutate(
      { clientId: id, active: on },
      {
        onSuccess: () => {
          isFocusPending.current = true;
          setIsImpersonating(on);
          setTab(on ? "dashboard" : "profile");
        },
        onError: (err) => toast.error(errorMessage(err, CLIENT_MSG.fetchFailed)),
      },
    );

  if (!client.data) return client.isError ? null : <Loading variant="detail" />;
  const c = client.data;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={c.name}
        description={c.email}
        back={{ to: "/clients", label: "Back to clients" }}
        actions={
          !isImpersonating && (
            <Button
              ref={viewRef}
              variant="outline"
              onClick={() => toggle(true)}
              disabled={impersonation.isPending}
            >
              <Eye aria-hidden="true" /> View as Client
            </Button>
          )
        }
      />
      {isImpersonating && (
        <ImpersonationBanner clientName={c.name} onExit={() => toggle(false)} exitRef={exitRef} />
      )}
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList aria-label="Client views">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="dashboard">Client Dashboard</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <Card>
            <CardContent className="pt-6">
              <ClientProfileDetails client={c} />
            </CardContent>
          </Card>
          <div className="mt-6">
            <ClientFirmDetailsCard clientId={c.id} clientName={c.name} />
          </div>
        </TabsContent>
        <TabsContent value="dashboard">
          {isImpersonating ? (
            <ClientDashboardPreview client={c} firmName={me?.firmName ?? null}>
              <ClientVaultSummary
                clientId={c.id}
                renderCounts={(d) => <CountCards dashboard={d} isReadOnly />}
                renderRecent={(recent) => <ClientRecentAssetsCard recent={recent} />}
              />
            </ClientDashboardPreview>
          ) : (
            <Card>
              <CardContent className="pt-6">
                <p className="text-muted-foreground">
                  This tab shows {c.name}'s dashboard as they see it. Choose{" "}
                  <span className="font-medium text-foreground">View as Client</span> to open it; a
                  banner stays on screen until you exit.
                </p>
              </CardContent>
            </Card>
          )}
        </TabsContent>
      </Tabs>
      <PlanHealthCard client={c} />
      <ExecutorProgressCard clientId={c.id} />
      <FirmMilestonesCard clientId={c.id} clientName={c.name} isAdmin={me?.role === "firm_admin"} />
      <FirmVerifierCard clientId={c.id} clientName={c.name} isAdmin={me?.role === "firm_admin"} />
      <FirmReportCard clientId={c.id} clientName={c.name} isAdmin={me?.role === "firm_admin"} />
      {/* starting a release is rare and deliberate: its own last section (e2e/client-edit.e2e.ts) */}
      <ClientReleaseCard clientId={c.id} clientName={c.name} defaultAttester={me?.name ?? ""} />
      <ReleasePeopleCard clientId={c.id} isAdmin={me?.role === "firm_admin"} />
    </div>
  );
}
