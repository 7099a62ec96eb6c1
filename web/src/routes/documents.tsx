import type { QueryClient } from "@tanstack/react-query";
import { prefetchOwnedList } from "@/features/assets/titles/prefetch-owned-list";
import { DOCUMENT_MSG } from "@common/assets/documents";
import { FileUp } from "lucide-react";
import { useRef } from "react";
import { AssetListScreen } from "@/features/assets/components/asset-list-screen";
import { AssetSearch, matchesTitle } from "@/features/assets/components/asset-search";
import { DocumentsTable } from "@/features/assets/documents/components/documents-table";
import { useDeleteFromList } from "@/features/assets/use-delete-from-list";
import { formatCount } from "@/lib/format";

/** /documents: the user's documents, searched by title, each deletable after a confirmation. */
/** Before the first render of a first visit (app/screen.tsx): the list and its titles, beside the chunks. */
export const prefetch = (queryClient: QueryClient) =>
  void prefetchOwnedList(queryClient, "document");

export default function DocumentsScreen() {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const remove = useDeleteFromList({
    deleted: DOCUMENT_MSG.deleted,
    failed: DOCUMENT_MSG.deleteFailed,
    titleRef,
  });
  return (
    <AssetListScreen
      type="document"
      title="Documents"
      description="Wills, deeds and other files, encrypted in your browser."
      action={{ to: "/documents/new", label: "Upload Document", Icon: FileUp }}
      titleRef={titleRef}
      loadFailed={() => DOCUMENT_MSG.loadFailed}
      cardClassName="grid gap-4 p-4"
      empty={{
        title: "No documents yet",
        text: "Upload a will, a deed or any other important file.",
      }}
    >
      {({ assets, search, setSearch }) => {
        const shown = assets.filter((d) => matchesTitle(d.title, search));
        return (
          <>
            <AssetSearch label="Search documents" value={search} onChange={setSearch} />
            <p role="status" className="text-sm text-muted-foreground">
              {search.trim()
                ? `${formatCount(shown.length)} of ${formatCount(assets.length)} documents match`
                : formatCount(assets.length, "document")}
            </p>
            {shown.length > 0 ? (
              <DocumentsTable
                documents={shown}
                onDelete={remove.onDelete}
                deletingId={remove.deletingId}
              />
            ) : (
              <p className="py-6 text-center text-sm text-muted-foreground">
                No documents match your search.
              </p>
            )}
          </>
        );
      }}
    </AssetListScreen>
  );
}
