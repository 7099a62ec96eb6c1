import { ASSET_MSG, type AssetView } from "@common/assets";
import { FileUp } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DocumentsTable } from "@/features/assets/documents/components/documents-table";
import { useDeleteAsset } from "@/features/assets/api/delete-asset";
import { useAssets } from "@/features/assets/api/list-assets";
import { AssetSearch, matchesTitle } from "@/features/assets/components/asset-search";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";

const countOf = (n: number) => `${n} ${n === 1 ? "document" : "documents"}`;

/** /documents: the user's documents, searched by title, each deletable after a confirmation. */
export default function DocumentsScreen() {
  const documents = useAssets("document");
  const remove = useDeleteAsset();
  const [search, setSearch] = useState("");
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shown = (documents.data ?? []).filter((d) => matchesTitle(d.title, search));

  useEffect(() => {
    if (documents.isError) toast.error(ASSET_MSG.loadDocumentsFailed, { id: "documents-load" });
  }, [documents.isError]);

  const onDelete = (doc: AssetView) =>
    remove.mutate(doc.id, {
      onSuccess: () => {
        toast.success(ASSET_MSG.documentDeleted);
        titleRef.current?.focus();
      },
      onError: (err) => toast.error(errorMessage(err, ASSET_MSG.documentDeleteFailed)),
    });

  const uploadButton = (
    <Button asChild>
      <Link to="/documents/new">
        <FileUp aria-hidden="true" /> Upload Document
      </Link>
    </Button>
  );
  return (
    <div className="grid gap-6">
      <PageHeader title="Documents" description="Wills, deeds and other files, encrypted in your browser." titleRef={titleRef} actions={uploadButton} />
      <Card className="grid min-w-0 gap-4 p-4">
        {documents.isPending ? (
          <Loading />
        ) : documents.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
              {ASSET_MSG.loadDocumentsFailed}
              <Button variant="outline" size="sm" onClick={() => void documents.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : documents.data.length === 0 ? (
          <div className="grid justify-items-center gap-3 py-10 text-center">
            <p className="font-medium">No documents yet</p>
            <p className="text-sm text-muted-foreground">Upload a will, a deed or any other important file.</p>
            {uploadButton}
          </div>
        ) : (
          <>
            <AssetSearch label="Search documents" value={search} onChange={setSearch} />
            <p role="status" className="text-sm text-muted-foreground">
              {search.trim() ? `${shown.length} of ${documents.data.length} documents match` : countOf(documents.data.length)}
            </p>
            {shown.length > 0 ? (
              <DocumentsTable documents={shown} onDelete={onDelete} deletingId={remove.isPending ? remove.variables : undefined} />
            ) : (
              <p className="py-6 text-center text-sm text-muted-foreground">No documents match your search.</p>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
