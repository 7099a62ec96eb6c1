import { NOTE_MSG } from "@common/assets/notes";
import { Pencil } from "lucide-react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { AssetDetailScreen } from "@/features/assets/components/asset-detail-screen";
import { KeptDraftNotice } from "@/features/assets/notes/components/kept-draft-notice";
import { NoteForm } from "@/features/assets/notes/components/note-form";
import { NoteReading } from "@/features/assets/notes/components/note-reading";
import { formatDate } from "@/lib/format";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";
import { DeliveryField } from "@/features/deliveries/components/delivery-field";

const BACK = { to: "/notes", label: "Back to notes" };
/** The edit mode is a search parameter: Edit adds a history entry, so the back button returns to reading. */
const MODE_PARAM = "mode";
const editPath = (id: string) => `/notes/${id}?${MODE_PARAM}=edit`;

/**
 * /notes/{id}: a note opened as a letter (reading view), and /notes/{id}?mode=edit, today's form
 * to change it, play or replace its recording and its attachment (all decrypted in the browser).
 */
export default function NoteDetailScreen() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isEditing = params.get(MODE_PARAM) === "edit";
  const readPath = `/notes/${id}`;
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
        type="note"
        back={BACK}
        notFound={NOTE_MSG.notFound}
        fallbackTitle="Note"
        width={isEditing ? "max-w-2xl" : "max-w-3xl"}
        loadError={{ fallback: NOTE_MSG.notFound, canRetry: false }}
      >
        {(opened) =>
          isEditing ? (
            <>
              <PageHeader
                title={opened.asset.title}
                description={`Editing. Last updated ${formatDate(opened.asset.updatedAt)}.`}
                back={{ to: readPath, label: "Back to the note" }}
              />
              <Card>
                <CardContent className="pt-6">
                  <NoteForm
                    key={opened.asset.id}
                    opened={opened}
                    onSaved={() => navigate("/notes")}
                    onCancel={() => navigate(readPath)}
                  />
                </CardContent>
              </Card>
            </>
          ) : (
            <>
              <PageHeader
                title={opened.asset.title}
                back={BACK}
                actions={
                  <Button asChild>
                    <Link to={editPath(id)}>
                      <Pencil aria-hidden="true" /> Edit
                    </Link>
                  </Button>
                }
              />
              <KeptDraftNotice editPath={editPath(id)} />
              <Card>
                <CardContent className="pt-6">
                  <NoteReading opened={opened} />
                </CardContent>
              </Card>
            </>
          )
        }
      </AssetDetailScreen>
    </BeneficiaryFieldProvider>
  );
}
