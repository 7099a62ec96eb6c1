import { ASSET_MSG } from "@common/assets";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { AssetDetailScreen } from "@/features/assets/components/asset-detail-screen";
import { NoteForm } from "@/features/assets/notes/components/note-form";
import { formatDate } from "@/lib/format-date";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";

const BACK = { to: "/notes", label: "Back to notes" };

/** /notes/{id}: view and edit a note, play its recording and download its attachment (all decrypted in the browser). */
export default function NoteDetailScreen() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  return (
    <BeneficiaryFieldProvider renderPicker={(field) => <BeneficiaryPicker {...field} />}>
      <AssetDetailScreen
        id={id}
        type="note"
        back={BACK}
        notFound={ASSET_MSG.noteNotFound}
        fallbackTitle="Note"
        width="max-w-2xl"
        loadError={{ fallback: ASSET_MSG.noteNotFound, canRetry: false }}
      >
        {(opened) => (
          <>
            <PageHeader
              title={opened.asset.title}
              description={`Last updated ${formatDate(opened.asset.updatedAt)}`}
              back={BACK}
            />
            <Card>
              <CardContent className="pt-6">
                <NoteForm
                  key={opened.asset.id}
                  opened={opened}
                  onSaved={() => navigate("/notes")}
                />
              </CardContent>
            </Card>
          </>
        )}
      </AssetDetailScreen>
    </BeneficiaryFieldProvider>
  );
}
