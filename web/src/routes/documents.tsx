import { ASSET_MSG } from "@common/assets";
import { FileUp } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { AssetListScreen } from "@/features/assets/components/asset-list-screen";
import { AssetSearch, matchesTitle } from "@/features/assets/components/asset-search";
import { DocumentsTable } from "@/features/assets/documents/components/documents-table";
import { useDeleteFromList } from "@/features/assets/use-delete-from-list";

const countOf = (n: number) => `${n} ${n === 1 ? "document" : "documents"}`;

/** /documents: the user's documents, searched by title, each deletable after a confirmation. */
export default function DocumentsScreen() {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const remove = useDeleteFromList({ deleted: ASSET_MSG.documentDeleted, failed: ASSET_MSG.documentDeleteFailed, titleRef });
  const uploadButton = (
    <Button asChild>
      <Link to="/documents/new">
        <FileUp aria-hidden="true" /> Upload Document
      </Link>
    </Button>
  );
  return (
    <AssetListScreen
      type="document"
      title="Documents"
      description="Wills, deeds and other files, encrypted in your browser."
      action={uploadButton}
      titleRef={titleRef}
      loadFailed={() => ASSET_MSG.loadDocumentsFailed}
      cardClassName="grid gap-4 p-4"
    >
      {({ assets, search, setSearch }) => {
        if (assets.length === 0) {
          return (
            <div className="grid justify-items-center gap-3 py-10 text-center">
              <p className="font-medium">No documents yet</p>
              <p className="text-sm text-muted-foreground">Upload a will, a deed or any other important file.</p>
              {uploadButton}
            </div>
          );
        }
        const shown = assets.filter((d) => matchesTitle(d.title, search));
        return (
          <>
            <AssetSearch label="Search documents" value={search} onChange={setSearch} />
            <p role="status" className="text-sm text-muted-foreground">
              {search.trim() ? `${shown.length} of ${assets.length} documents match` : countOf(assets.length)}
            </p>
            {shown.length > 0 ? (
              <DocumentsTable documents={shown} onDelete={remove.onDelete} deletingId={remove.deletingId} />
            ) : (
              <p className="py-6 text-center text-sm text-muted-foreground">No documents match your search.</p>
            )}
          </>
        );
      }}
    </AssetListScreen>
  );
}
