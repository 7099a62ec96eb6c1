import { CLIENT_MSG } from "@common/clients";
import { Vault } from "lucide-react";
import { Loading } from "@/components/loading";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CountCards } from "@/features/dashboard/components/count-cards";
import { RecentAssetsCard } from "@/features/dashboard/components/recent-assets-card";
import { errorMessage } from "@/lib/api-client";
import { useClientDashboard } from "../api/get-client-dashboard";
import { ClientBeneficiariesCard } from "./client-beneficiaries-card";

/**
 * 'View as Client' (issue 3): the client's dashboard summary, read-only. The owner's count cards and
 * recent items without their links, so nothing leads the firm user into the client's vault routes.
 */
export function ClientVaultSummary({ clientId }: { clientId: string }) {
  const dashboard = useClientDashboard(clientId);
  if (dashboard.isPending) return <Loading />;
  if (dashboard.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
          {errorMessage(dashboard.error, CLIENT_MSG.dashboardLoadFailed)}
          <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  const d = dashboard.data;
  return (
    <div className="grid gap-6">
      <CountCards dashboard={d} isReadOnly />
      <div className="grid items-start gap-6 md:grid-cols-[3fr_2fr]">
        {d.recent.length > 0 ? (
          <RecentAssetsCard recent={d.recent} isReadOnly />
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
