import { Link } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { dropFormDraft, useHasFormDraft } from "../../form-draft";

/**
 * Above the reading view: the edit mode was left with unsaved changes (the browser's back button
 * asks nothing), which are kept in memory: "Continue editing" brings them back, "Discard" drops them.
 */
export function KeptDraftNotice({ editPath }: { editPath: string }) {
  // The edit form keeps its draft as it unmounts: this notice then shows.
  const hasDraft = useHasFormDraft(editPath);
  if (!hasDraft) return null;
  return (
    <Alert variant="warning">
      <AlertDescription className="grid gap-2">
        <span>You left the edit with unsaved changes. They are kept for now.</span>
        <span className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link to={editPath}>Continue editing</Link>
          </Button>
          <Button size="sm" variant="outline" onClick={dropFormDraft}>
            Discard changes
          </Button>
        </span>
      </AlertDescription>
    </Alert>
  );
}
