import { ASSET_MSG } from "@common/assets";
import { useParams } from "react-router";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { DocumentEditForm } from "@/features/assets/documents/components/document-edit-form";
import { DocumentFileActions } from "@/features/assets/documents/components/document-file-actions";
import { DocumentSummary } from "@/features/assets/documents/components/document-summary";
import { assetFilePath } from "@/features/assets/api/upload-asset-file";
import { useOwnedAsset } from "@/features/assets/use-owned-asset";
import { errorMessage } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";

/** /documents/{id}: the document's details, download and view, and its editable notes and beneficiary. */
export default function DocumentDetailScreen() {
  const { id = "" } = useParams();
  const doc = useOwnedAsset(id, "document", { listPath: "/documents", notFound: ASSET_MSG.documentNotFound });
  const back = { to: "/documents", label: "Back to documents" };

  if (doc.error) {
    return (
      <div className="mx-auto grid max-w-3xl gap-6">
        <PageHeader title="Document" back={back} />
        <Alert variant="destructive">
          <AlertDescription>{doc.error instanceof DecryptError ? doc.error.message : errorMessage(doc.error, ASSET_MSG.documentNotFound)}</AlertDescription>
        </Alert>
      </div>
    );
  }
  if (!doc.data) return <Loading />;
  const { asset, contentKey, content } = doc.data;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader title={asset.title} back={back} />
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">File</h2>
        </CardHeader>
        <CardContent className="grid gap-5">
          <DocumentSummary asset={asset} content={content} />
          <DocumentFileActions url={assetFilePath(asset.id, "document")} contentKey={contentKey} content={content} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Notes and beneficiary</h2>
        </CardHeader>
        <CardContent>
          <DocumentEditForm key={asset.id} opened={doc.data} />
        </CardContent>
      </Card>
    </div>
  );
}
