import { CLIENT_MSG } from "@common/clients";
import { ClipboardCheck, FileUp, RefreshCw, UserPlus } from "lucide-react";
import { useCallback, useEffect } from "react";
import { Link } from "react-router";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { useClients, type ClientSort } from "@/features/clients/api/list-clients";
import { ClientSearch } from "@/features/clients/components/client-search";
import { ClientsEmpty } from "@/features/clients/components/clients-empty";
import { ClientsTable } from "@/features/clients/components/clients-table";
import { useClientListParams } from "@/features/clients/use-client-list-params";
import { useRefreshClients } from "@/features/clients/use-refresh-clients";
import { formatCount } from "@/lib/format";
import { useEditsClients } from "@/lib/me";
import { cn } from "@/lib/utils";

/** /clients (firm_admin, firm_staff or a read-only firm_assistant, who invites nobody): the firm's clients, searched, sorted and paged by the server; all of it kept in the URL. */
export default function ClientsScreen() {
  const [params, update] = useClientListParams();
  const clients = useClients(params);
  const { refresh, isRefreshing } = useRefreshClients();
  const editsClients = useEditsClients();
  const data = clients.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  // A page past the end (a stale link, or clients left): go to the last one.
  useEffect(() => {
    if (data && !clients.isPlaceholderData && params.page > pageCount)
      update({ page: pageCount }, { replace: true });
  }, [data, clients.isPlaceholderData, params.page, pageCount, update]);

  const onSearch = useCallback(
    (search: string) => update({ search, page: 1 }, { replace: true }),
    [update],
  );
  const onSort = (column: ClientSort) =>
    update({
      sort: column,
      dir: column === params.sort ? (params.dir === "asc" ? "desc" : "asc") : "asc",
      page: 1,
    });

  const first = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? first + data.clients.length - 1 : 0;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Client Management"
        description="The clients of your firm. Open one to see their profile."
        back={{ to: "/dashboard", label: "Back to dashboard" }}
        actions={
          <>
            <Button variant="outline" onClick={() => void refresh()} disabled={isRefreshing}>
              <RefreshCw aria-hidden="true" className={cn(isRefreshing && "animate-spin")} />{" "}
              {isRefreshing ? "Refreshing..." : "Refresh"}
            </Button>
            <Button asChild variant="outline">
              <Link to="/clients/plan-status">
                <ClipboardCheck aria-hidden="true" /> Plan status
              </Link>
            </Button>
            {editsClients && (
              <Button asChild variant="outline">
                <Link to="/clients/import">
                  <FileUp aria-hidden="true" /> Import
                </Link>
              </Button>
            )}
            {editsClients && (
              <Button asChild>
                <Link to="/clients/invite">
                  <UserPlus aria-hidden="true" /> Invite Client
                </Link>
              </Button>
            )}
          </>
        }
      />
      <Card className="grid min-w-0 gap-4 p-4">
        <ClientSearch value={params.search} onSearch={onSearch} />
        <p role="status" className="text-sm text-muted-foreground">
          {clients.isPending || clients.isPlaceholderData
            ? CLIENT_MSG.loading
            : data && data.total > 0
              ? `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total, "client")}`
              : ""}
        </p>
        {clients.isError && !data ? (
          <LoadError onRetry={() => void clients.refetch()}>{CLIENT_MSG.loadFailed}</LoadError>
        ) : data && data.clients.length > 0 ? (
          <div
            className={cn(
              "grid min-w-0 gap-4 transition-opacity",
              clients.isPlaceholderData && "opacity-60",
            )}
            aria-busy={clients.isPlaceholderData}
          >
            <ClientsTable
              clients={data.clients}
              sort={params.sort}
              dir={params.dir}
              onSort={onSort}
            />
            <Pagination
              page={params.page}
              pageCount={pageCount}
              onPageChange={(page) => update({ page, cursor: data.cursor ?? undefined })}
              label="Client list pages"
            />
          </div>
        ) : data ? (
          <ClientsEmpty
            search={params.search}
            onRefresh={() => void refresh()}
            onClearSearch={() => onSearch("")}
            isRefreshing={isRefreshing}
          />
        ) : null}
      </Card>
    </div>
  );
}
