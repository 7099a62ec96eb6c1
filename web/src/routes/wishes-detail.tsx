import { WISHES_MSG, WISHES_TITLE, openedWishes } from "@common/assets/wishes";
import { Pencil } from "lucide-react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useDeleteAsset } from "@/features/assets/api/delete-asset";
import { AssetDetailScreen } from "@/features/assets/components/asset-detail-screen";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { DeleteAssetButton } from "@/features/assets/components/delete-asset-button";
import { useWishesChoice } from "@/features/assets/wishes/api/get-wishes-choice";
import { WishesDetails } from "@/features/assets/wishes/components/wishes-details";
import { WishesForm } from "@/features/assets/wishes/components/wishes-form";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";

const BACK = { to: "/dashboard", label: "Back to the dashboard" };

/** /wishes/{id}: the owner's final wishes, read (opened in the browser); ?mode=edit changes them. */
export default function WishesDetailScreen() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isEditing = params.get("mode") === "edit";
  const readPath = `/wishes/${id}`;
  const choice = useWishesChoice(id);
  const remove = useDeleteAsset();
  const onDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(WISHES_MSG.deleted);
        navigate("/wishes");
      },
      onError: (err) => toast.error(errorMessage(err, WISHES_MSG.deleteFailed)),
    });
  return (
    <BeneficiaryFieldProvider renderPicker={(field) => <BeneficiaryPicker {...field} />}>
      <AssetDetailScreen
        id={id}
        type="wishes"
        back={{ ...BACK, to: "/wishes" }}
        notFound={WISHES_MSG.notFound}
        fallbackTitle={WISHES_TITLE}
        width="max-w-2xl"
        loadError={{ fallback: WISHES_MSG.loadFailed, canRetry: true }}
      >
        {(opened) => {
          const opensAtReport = choice.data?.opensAtReport;
          if (isEditing)
            return opensAtReport === undefined ? (
              <Loading variant="detail" />
            ) : (
              <>
                <PageHeader
                  title="Change your final wishes"
                  description={`Last updated ${formatDate(opened.asset.updatedAt)}.`}
                  back={{ to: readPath, label: "Back to your wishes" }}
                />
                <Card>
                  <CardContent className="pt-6">
                    <WishesForm
                      key={opened.asset.id}
                      opened={opened}
                      opensAtReport={opensAtReport}
                      onSaved={() => navigate(readPath)}
                      onCancel={() => navigate(readPath)}
                    />
                  </CardContent>
                </Card>
              </>
            );
          const people = opened.asset.beneficiaryEmails;
          return (
            <>
              <PageHeader
                title="Your final wishes"
                description={`Last updated ${formatDate(opened.asset.updatedAt)}.`}
                back={BACK}
                actions={
                  <>
                    <DeleteAssetButton
                      title={WISHES_TITLE}
                      noun="page of wishes"
                      onConfirm={onDelete}
                      disabled={remove.isPending}
                    />
                    <Button asChild>
                      <Link to={`${readPath}?mode=edit`}>
                        <Pencil aria-hidden="true" /> Edit
                      </Link>
                    </Button>
                  </>
                }
              />
              <Card>
                <CardContent className="grid gap-5 pt-6">
                  <WishesDetails content={openedWishes(opened.content)} />
                </CardContent>
              </Card>
              <Card>
                <CardContent className="grid gap-2 pt-6 text-sm">
                  <h2 className="text-base font-semibold">Who can read them</h2>
                  <p>{people.length ? people.join(", ") : "Nobody yet. Edit to choose people."}</p>
                  {opensAtReport !== undefined && (
                    <p className="text-muted-foreground">
                      {opensAtReport ? WISHES_MSG.opensAtReportHint : WISHES_MSG.opensAtReportOff}
                    </p>
                  )}
                </CardContent>
              </Card>
            </>
          );
        }}
      </AssetDetailScreen>
    </BeneficiaryFieldProvider>
  );
}
