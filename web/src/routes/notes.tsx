import type { QueryClient } from "@tanstack/react-query";
import { prefetchOwnedList } from "@/features/assets/titles/prefetch-owned-list";
import { NOTE_MSG } from "@common/assets/notes";
import { NotebookPen } from "lucide-react";
import { useRef } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AssetListScreen } from "@/features/assets/components/asset-list-screen";
import { AssetSearch, matchesTitle } from "@/features/assets/components/asset-search";
import { NotesList } from "@/features/assets/notes/components/notes-list";
import { useDeleteFromList } from "@/features/assets/use-delete-from-list";
import { formatCount } from "@/lib/format";

/** /notes: the user's notes, searched by title, in the tabs All Notes and Assigned (those with a beneficiary). */
/** Before the first render of a first visit (app/screen.tsx): the list and its titles, beside the chunks. */
export const prefetch = (queryClient: QueryClient) => void prefetchOwnedList(queryClient, "note");

export default function NotesScreen() {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const listProps = useDeleteFromList({
    deleted: NOTE_MSG.deleted,
    failed: NOTE_MSG.deleteFailed,
    titleRef,
  });
  return (
    <AssetListScreen
      type="note"
      title="Notes"
      description="Letters, wishes and voice messages, encrypted in your browser."
      action={{ to: "/notes/new", label: "Create Note", Icon: NotebookPen }}
      titleRef={titleRef}
      loadFailed={() => NOTE_MSG.loadFailed}
      cardClassName="grid gap-4 p-4"
      empty={{
        title: "No notes yet",
        text: "Write a letter, leave instructions or record a voice message.",
      }}
    >
      {({ assets, search, setSearch }) => {
        const all = assets.filter((n) => matchesTitle(n.title, search));
        const assigned = all.filter((n) => n.beneficiaryEmails.length > 0);
        return (
          <>
            <AssetSearch label="Search notes" value={search} onChange={setSearch} />
            <p role="status" className="sr-only">
              {search.trim()
                ? `${formatCount(all.length)} of ${formatCount(assets.length)} notes match`
                : ""}
            </p>
            <Tabs defaultValue="all">
              <TabsList>
                <TabsTrigger value="all">All Notes ({formatCount(all.length)})</TabsTrigger>
                <TabsTrigger value="assigned">
                  Assigned ({formatCount(assigned.length)})
                </TabsTrigger>
              </TabsList>
              <TabsContent value="all">
                <NotesList
                  notes={all}
                  {...listProps}
                  empty={search.trim() ? "No notes match your search." : "No notes yet."}
                />
              </TabsContent>
              <TabsContent value="assigned">
                <NotesList
                  notes={assigned}
                  {...listProps}
                  empty={
                    search.trim()
                      ? "No assigned notes match your search."
                      : "No note has a beneficiary yet."
                  }
                />
              </TabsContent>
            </Tabs>
          </>
        );
      }}
    </AssetListScreen>
  );
}
