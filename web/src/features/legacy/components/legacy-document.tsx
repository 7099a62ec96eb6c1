import { DocumentFileActions } from "@/features/assets/documents/components/document-file-actions";
import { DocumentSummary } from "@/features/assets/documents/components/document-summary";
import type { DocumentContent } from "@common/assets/documents";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { legacyFilePath } from "../api/get-item";

/** A released document, read-only: its file (Download, View) and the owner's notes. */
export function LegacyDocument({
  id,
  contentKey,
  content,
}: {
  id: string;
  contentKey: CryptoKey;
  content: DocumentContent;
}) {
  return (
    <>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">File</h2>
        </CardHeader>
        <CardContent className="grid gap-5">
          <DocumentSummary content={content} />
          <DocumentFileActions
            url={legacyFilePath(id, "document")}
            contentKey={contentKey}
            content={content}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Notes</h2>
        </CardHeader>
        <CardContent>
          {content.notes ? (
            <p className="whitespace-pre-wrap wrap-anywhere">{content.notes}</p>
          ) : (
            <p className="text-muted-foreground">No notes</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
