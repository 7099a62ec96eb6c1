import { useNavigate } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { NoteForm } from "@/features/assets/notes/components/note-form";

/** /notes/new: create a note. */
export default function NoteNewScreen() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title="Create Note"
        description="Everything here is encrypted in your browser before it is sent."
        back={{ to: "/notes", label: "Back to notes" }}
      />
      <Card>
        <CardContent className="pt-6">
          <NoteForm onSaved={() => navigate("/notes")} />
        </CardContent>
      </Card>
    </div>
  );
}
