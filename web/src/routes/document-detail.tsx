import { ASSET_MSG } from "@common/assets";
import { useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { assetFilePath } from "@/features/assets/api/upload-asset-file";
import { AssetDetailScreen } from "@/features/assets/components/asset-detail-screen";
import { DocumentEditForm } from "@/features/assets/documents/components/document-edit-form";
import { DocumentFileActions } from "@/features/assets/documents/components/document-file-actions";
import { DocumentSummary } from "@/features/assets/documents/components/document-summary";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";

const BACK = { to: "/documents", label: "Back to documents" };

/** /documents/{id}: the document's details, download and view, and its editable notes and beneficiary. */
export default function DocumentDetailScreen() {
  const { id = "" } = useParams();
  return (
    <BeneficiaryFieldProvider renderPicker={(field) => <BeneficiaryPicker {...field} />}>
      <AssetDetailScreen
        id={id}
        type="document"
        back={BACK}
        notFound={ASSET_MSG.documentNotFound}
        fallbackTitle="Document"
        width="max-w-3xl"
        loadError={{ fallback: ASSET_MSG.documentNotFound, canRetry: false }}
      >
        {(opened) => (
          <>
            <PageHeader title={opened.asset.title} back={BACK} />
            <Card>
              <CardHeader>
                <h2 className="text-lg font-semibold">File</h2>
              </CardHeader>
              <CardContent className="grid gap-5">
                <DocumentSummary asset={opened.asset} content={opened.content} />
                <DocumentFileActions
                  url={assetFilePath(opened.asset.id, "document")}
                  contentKey={opened.contentKey}
                  content={opened.content}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <h2 className="text-lg font-semibold">Notes and beneficiary</h2>
              </CardHeader>
              <CardContent>
                <DocumentEditForm key={opened.asset.id} opened={opened} />
              </CardContent>
            </Card>
          </>
        )}
      </AssetDetailScreen>
    </BeneficiaryFieldProvider>
  );
}
