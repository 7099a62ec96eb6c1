import { ASSET_MSG, type AssetView } from "@common/assets";
import { NotebookPen } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { NotesList } from "@/features/assets/notes/components/notes-list";
import { useDeleteAsset } from "@/features/assets/api/delete-asset";
import { useAssets } from "@/features/assets/api/list-assets";
import { AssetSearch, matchesTitle } from "@/features/assets/components/asset-search";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/** /notes: the user's notes, searched by title, in the tabs All Notes and Assigned (those with a beneficiary). */
export default function NotesScreen() {
  const notes = useAssets("note");
  const remove = useDeleteAsset();
  const [search, setSearch] = useState("");
  const titleRef = useRef<HTMLHeadingElement>(null);
  const all = (notes.data ?? []).filter((n) => matchesTitle(n.title, search));
  const assigned = all.filter((n) => n.beneficiaryEmail);

  useEffect(() => {
    if (notes.isError) toast.error(ASSET_MSG.loadNotesFailed, { id: "notes-load" });
  }, [notes.isError]);

  const onDelete = (note: AssetView) =>
    remove.mutate(note.id, {
      onSuccess: () => {
        toast.success(ASSET_MSG.noteDeleted);
        titleRef.current?.focus();
      },
      onError: (err) => toast.error(errorMessage(err, ASSET_MSG.noteDeleteFailed)),
    });
  const listProps = { onDelete, deletingId: remove.isPending ? remove.variables : undefined };
  const createButton = (
    <Button asChild>
      <Link to="/notes/new">
        <NotebookPen aria-hidden="true" /> Create Note
      </Link>
    </Button>
  );

  return (
    <div className="grid gap-6">
      <PageHeader title="Notes" description="Letters, wishes and voice messages, encrypted in your browser." titleRef={titleRef} actions={createButton} />
      <Card className="grid min-w-0 gap-4 p-4">
        {notes.isPending ? (
          <Loading />
        ) : notes.isError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
              {ASSET_MSG.loadNotesFailed}
              <Button variant="outline" size="sm" onClick={() => void notes.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : notes.data.length === 0 ? (
          <div className="grid justify-items-center gap-3 py-10 text-center">
            <p className="font-medium">No notes yet</p>
            <p className="text-sm text-muted-foreground">Write a letter, leave instructions or record a voice message.</p>
            {createButton}
          </div>
        ) : (
          <>
            <AssetSearch label="Search notes" value={search} onChange={setSearch} />
            <p role="status" className="sr-only">
              {search.trim() ? `${all.length} of ${notes.data.length} notes match` : ""}
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
        )}
      </Card>
    </div>
  );
}
