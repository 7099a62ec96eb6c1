import { DOCUMENT_MSG } from "@common/assets/documents";
import { useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { assetFilePath } from "@/features/assets/api/upload-asset-file";
import { AssetDetailScreen } from "@/features/assets/components/asset-detail-screen";
import { DocumentEditForm } from "@/features/assets/documents/components/document-edit-form";
import { DocumentFileActions } from "@/features/assets/documents/components/document-file-actions";
import { DocumentPreview } from "@/features/assets/documents/components/document-preview";
import { DocumentReplaceForm } from "@/features/assets/documents/components/document-replace-form";
import { DocumentSummary } from "@/features/assets/documents/components/document-summary";
import { DocumentVersions } from "@/features/assets/documents/components/document-versions";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";
import { DeliveryField } from "@/features/deliveries/components/delivery-field";

const BACK = { to: "/documents", label: "Back to documents" };

/**
 * /documents/{id}: the document's details, download, view and preview, its versions and a
 * replacement file (docs/decisions/049), and its editable title, file name, notes and beneficiary.
 */
export default function DocumentDetailScreen() {
  const { id = "" } = useParams();
  return (
    <BeneficiaryFieldProvider
      renderPicker={(field) => (
        <>
          <BeneficiaryPicker {...field} />
          <DeliveryField assetId={id} />
        </>
      )}
    >
      <AssetDetailScreen
        id={id}
        type="document"
        back={BACK}
        notFound={DOCUMENT_MSG.notFound}
        fallbackTitle="Document"
        width="max-w-3xl"
        loadError={{ fallback: DOCUMENT_MSG.notFound, canRetry: false }}
      >
        {(opened) => {
          const { asset, content, contentKey } = opened;
          const url = assetFilePath(asset.id, "document");
          // A save changes updated_at: the forms start again from what was saved.
          const saved = `${asset.id}-${asset.updatedAt}`;
          return (
            <>
              <PageHeader title={asset.title} back={BACK} />
              <Card>
                <CardHeader>
                  <h2 className="text-lg font-semibold">File</h2>
                </CardHeader>
                <CardContent className="grid gap-5">
                  <DocumentSummary asset={asset} content={content} />
                  <DocumentFileActions url={url} contentKey={contentKey} content={content} />
                  <DocumentPreview
                    key={saved}
                    source={{ url, contentKey, contentType: content.contentType }}
                    fileName={content.fileName}
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <h2 className="text-lg font-semibold">Versions</h2>
                </CardHeader>
                <CardContent className="grid gap-5">
                  <DocumentVersions assetId={asset.id} contentKey={contentKey} content={content} />
                  <DocumentReplaceForm key={saved} opened={opened} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <h2 className="text-lg font-semibold">Details</h2>
                </CardHeader>
                <CardContent>
                  <DocumentEditForm key={saved} opened={opened} />
                </CardContent>
              </Card>
            </>
          );
        }}
      </AssetDetailScreen>
    </BeneficiaryFieldProvider>
  );
}
