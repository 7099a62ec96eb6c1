import { ASSET_MSG } from "@common/assets";
import { NotebookPen } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AssetListScreen } from "@/features/assets/components/asset-list-screen";
import { AssetSearch, matchesTitle } from "@/features/assets/components/asset-search";
import { NotesList } from "@/features/assets/notes/components/notes-list";
import { useDeleteFromList } from "@/features/assets/use-delete-from-list";

/** /notes: the user's notes, searched by title, in the tabs All Notes and Assigned (those with a beneficiary). */
export default function NotesScreen() {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const listProps = useDeleteFromList({ deleted: ASSET_MSG.noteDeleted, failed: ASSET_MSG.noteDeleteFailed, titleRef });
  const createButton = (
    <Button asChild>
      <Link to="/notes/new">
        <NotebookPen aria-hidden="true" /> Create Note
      </Link>
    </Button>
  );
  return (
    <AssetListScreen
      type="note"
      title="Notes"
      description="Letters, wishes and voice messages, encrypted in your browser."
      action={createButton}
      titleRef={titleRef}
      loadFailed={() => ASSET_MSG.loadNotesFailed}
      cardClassName="grid gap-4 p-4"
    >
      {({ assets, search, setSearch }) => {
        if (assets.length === 0) {
          return (
            <div className="grid justify-items-center gap-3 py-10 text-center">
              <p className="font-medium">No notes yet</p>
              <p className="text-sm text-muted-foreground">Write a letter, leave instructions or record a voice message.</p>
              {createButton}
            </div>
          );
        }
        const all = assets.filter((n) => matchesTitle(n.title, search));
        const assigned = all.filter((n) => n.beneficiaryEmail);
        return (
          <>
            <AssetSearch label="Search notes" value={search} onChange={setSearch} />
            <p role="status" className="sr-only">
              {search.trim() ? `${all.length} of ${assets.length} notes match` : ""}
            </p>
            <Tabs defaultValue="all">
              <TabsList>
                <TabsTrigger value="all">All Notes ({all.length})</TabsTrigger>
                <TabsTrigger value="assigned">Assigned ({assigned.length})</TabsTrigger>
              </TabsList>
              <TabsContent value="all">
                <NotesList notes={all} {...listProps} empty={search.trim() ? "No notes match your search." : "No notes yet."} />
              </TabsContent>
              <TabsContent value="assigned">
                <NotesList notes={assigned} {...listProps} empty={search.trim() ? "No assigned notes match your search." : "No note has a beneficiary yet."} />
              </TabsContent>
            </Tabs>
          </>
        );
      }}
    </AssetListScreen>
  );
}
