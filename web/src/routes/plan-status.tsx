import {
  PLAN_STATUS_FILTER_LABELS,
  PLAN_STATUS_FILTERS,
  PLAN_STATUS_MSG,
  type PlanStatusFilter,
  type PlanStatusSort,
} from "@common/plan-status";
import { Download } from "lucide-react";
import { useId } from "react";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { planStatusCsvPath, usePlanStatus } from "@/features/plan-status/api/list-plan-status";
import { PlanStatusTable } from "@/features/plan-status/components/plan-status-table";
import { usePlanStatusParams } from "@/features/plan-status/use-plan-status-params";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Worst first for the score, A to Z for names, longest silence first for check-ins. */
const FIRST_DIR: Record<PlanStatusSort, "asc" | "desc"> = {
  score: "asc",
  name: "asc",
  check_in: "asc",
};

/**
 * /clients/plan-status (firm admins, staff and read-only assistants; docs/decisions/087): how
 * complete each client's plan is, sorted and filtered by the server, more rows on "Show more",
 * and the whole list as a CSV file.
 */
export default function PlanStatusScreen() {
  const [params, update] = usePlanStatusParams();
  const query = usePlanStatus(params);
  const filterId = useId();
  const clients = query.data?.pages.flatMap((p) => p.clients) ?? [];
  const isStale = query.isPlaceholderData;
  const onSort = (column: PlanStatusSort) =>
    update({
      sort: column,
      dir: column === params.sort ? (params.dir === "asc" ? "desc" : "asc") : FIRST_DIR[column],
    });

  return (
    <div className="grid gap-6">
      <PageHeader
        title={PLAN_STATUS_MSG.title}
        description={PLAN_STATUS_MSG.description}
        back={{ to: "/clients", label: "Back to clients" }}
        actions={
          <Button asChild variant="outline">
            <a href={planStatusCsvPath(params)} download>
              <Download aria-hidden="true" /> {PLAN_STATUS_MSG.download}
            </a>
          </Button>
        }
      />
      <Card className="grid min-w-0 gap-4 p-4">
        <div className="grid gap-1 sm:max-w-xs">
          <Label htmlFor={filterId}>Show</Label>
          <NativeSelect
            id={filterId}
            value={params.filter}
            onChange={(e) => update({ filter: e.target.value as PlanStatusFilter })}
          >
            {PLAN_STATUS_FILTERS.map((f) => (
              <option key={f} value={f}>
                {PLAN_STATUS_FILTER_LABELS[f]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <p role="status" className="text-sm text-muted-foreground">
          {query.isPending || isStale
            ? PLAN_STATUS_MSG.loading
            : clients.length > 0
              ? `Showing ${formatCount(clients.length, "client")}${query.hasNextPage ? " so far" : ""}`
              : ""}
        </p>
        {query.isPending ? (
          <Loading variant="list" />
        ) : query.isError && clients.length === 0 ? (
          <LoadError
            title={PLAN_STATUS_MSG.loadFailed}
            onRetry={() => void query.refetch()}
            isRetrying={query.isFetching}
          >
            {errorMessage(query.error, PLAN_STATUS_MSG.loadFailed)}
          </LoadError>
        ) : clients.length === 0 ? (
          <p className="py-6 text-center text-foreground-soft">
            {params.filter === "all" ? PLAN_STATUS_MSG.noClients : PLAN_STATUS_MSG.empty}
          </p>
        ) : (
          <div
            className={cn("grid min-w-0 gap-4 transition-opacity", isStale && "opacity-60")}
            aria-busy={isStale}
          >
            <PlanStatusTable clients={clients} params={params} onSort={onSort} />
            {query.isFetchNextPageError && (
              <LoadError
                title={PLAN_STATUS_MSG.loadFailed}
                onRetry={() => void query.fetchNextPage()}
              >
                {errorMessage(query.error, PLAN_STATUS_MSG.loadFailed)}
              </LoadError>
            )}
            {query.hasNextPage && (
              <Button
                variant="outline"
                className="w-full sm:w-fit"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? PLAN_STATUS_MSG.loading : PLAN_STATUS_MSG.more}
              </Button>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
