import { CLIENT_MSG, type ClientDashboardView } from "@common/clients";
import { Vault } from "lucide-react";
import type { ReactNode } from "react";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useClientDashboard } from "../api/get-client-dashboard";
import { ClientBeneficiariesCard } from "./client-beneficiaries-card";

/**
 * 'View as Client' (issue 3): the client's dashboard summary, read-only. The owner's count cards and
 * recent items without their links, so nothing leads the firm user into the client's vault routes. The
 * screen passes the dashboard's count cards and recent list in (`renderCounts`, `renderRecent`).
 */
export function ClientVaultSummary({
  clientId,
  renderCounts,
  renderRecent,
}: {
  clientId: string;
  renderCounts: (dashboard: ClientDashboardView) => ReactNode;
  renderRecent: (recent: ClientDashboardView["recent"]) => ReactNode;
}) {
  const dashboard = useClientDashboard(clientId);
  if (dashboard.isPending) return <Loading variant="list" />;
  if (dashboard.isError)
    return (
      <LoadError onRetry={() => void dashboard.refetch()} isRetrying={dashboard.isFetching}>
        {errorMessage(dashboard.error, CLIENT_MSG.dashboardLoadFailed)}
      </LoadError>
    );
  const d = dashboard.data;
  return (
    <div className="grid gap-6">
      {renderCounts(d)}
      <div className="grid items-start gap-6 md:grid-cols-[3fr_2fr]">
        {d.recent.length > 0 ? (
          renderRecent(d.recent)
        ) : (
          <Card className="flex flex-col items-center gap-2 p-6 text-center">
            <Vault aria-hidden="true" className="size-10 text-muted-foreground" />
            <h2 className="text-lg font-semibold">The vault is empty</h2>
            <p className="text-muted-foreground">{CLIENT_MSG.emptyVault}</p>
          </Card>
        )}
        <ClientBeneficiariesCard names={d.beneficiaryNames} total={d.beneficiaries} />
      </div>
    </div>
  );
}
