import { ASSET_MSG } from "@common/assets";
import { useNavigate, useParams } from "react-router";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent } from "@/components/ui/card";
import { NoteForm } from "@/features/assets/notes/components/note-form";
import { useOwnedAsset } from "@/features/assets/use-owned-asset";
import { errorMessage } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";
import { formatDate } from "@/lib/format-date";

/** /notes/{id}: view and edit a note, play its recording and download its attachment (all decrypted in the browser). */
export default function NoteDetailScreen() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const note = useOwnedAsset(id, "note", { listPath: "/notes", notFound: ASSET_MSG.noteNotFound });
  const back = { to: "/notes", label: "Back to notes" };

  if (note.error) {
    return (
      <div className="mx-auto grid max-w-2xl gap-6">
        <PageHeader title="Note" back={back} />
        <Alert variant="destructive">
          <AlertDescription>{note.error instanceof DecryptError ? note.error.message : errorMessage(note.error, ASSET_MSG.noteNotFound)}</AlertDescription>
        </Alert>
      </div>
    );
  }
  if (!note.data) return <Loading />;
  const { asset } = note.data;
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader title={asset.title} description={`Last updated ${formatDate(asset.updatedAt)}`} back={back} />
      <Card>
        <CardContent className="pt-6">
          <NoteForm key={asset.id} opened={note.data} onSaved={() => navigate("/notes")} />
        </CardContent>
      </Card>
    </div>
  );
}
