import { CLIENT_IMPORT_MSG } from "@common/client-imports";
import { useSearchParams } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { linkLook } from "@/components/looks";
import { PageHeader } from "@/components/page-header";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { useClientImport } from "../api/get-client-import";
import { useClientImports } from "../api/list-client-imports";
import { ClientImportUpload } from "./client-import-upload";
import { ClientImportView } from "./client-import-view";

const STATUS_LABELS = { previewed: "Checked, not sent", sending: "Sending", done: "Sent" } as const;

/** /clients/import (firm admins and staff; docs/decisions/094): upload, preview, send, progress. */
export function ClientImportScreen() {
  const [search, setSearch] = useSearchParams();
  const id = search.get("id");
  const current = useClientImport(id);
  const recent = useClientImports();
  const open = (next: string) => setSearch({ id: next });

  return (
    <div className="grid gap-6">
      <PageHeader
        title={CLIENT_IMPORT_MSG.title}
        description={CLIENT_IMPORT_MSG.description}
        back={{ to: "/clients", label: "Back to clients" }}
      />
      <Card className="grid min-w-0 gap-6 p-4">
        <ClientImportUpload onChecked={open} />
        {id &&
          (current.isPending ? (
            <Loading variant="list" />
          ) : current.isError ? (
            <LoadError
              title={CLIENT_IMPORT_MSG.loadFailed}
              onRetry={() => void current.refetch()}
              isRetrying={current.isFetching}
            >
              {errorMessage(current.error, CLIENT_IMPORT_MSG.loadFailed)}
            </LoadError>
          ) : (
            <ClientImportView detail={current.data} />
          ))}
      </Card>
      {recent.data && recent.data.imports.length > 0 && (
        <Card className="grid min-w-0 gap-3 p-4">
          <h2 className="text-base font-semibold">{CLIENT_IMPORT_MSG.recent}</h2>
          <ul className="grid gap-2 text-sm">
            {recent.data.imports.map((imp) => (
              <li key={imp.id} className="flex flex-wrap gap-x-3">
                <button type="button" className={linkLook} onClick={() => open(imp.id)}>
                  {imp.fileName}
                </button>
                <span className="text-muted-foreground">
                  {new Date(imp.createdAt).toLocaleString("en-US")} ·{" "}
                  {formatCount(imp.totalRows, "row")} · {STATUS_LABELS[imp.status]}
                  {imp.status === "sending" &&
                    ` (${formatCount(imp.processedRows)} of ${formatCount(imp.readyRows)})`}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
