import { ESTATE_MSG } from "@common/assets/estate";
import { Pencil } from "lucide-react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useDeleteAsset } from "@/features/assets/api/delete-asset";
import { AssetDetailScreen } from "@/features/assets/components/asset-detail-screen";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { DeleteAssetButton } from "@/features/assets/components/delete-asset-button";
import { EstateDetails } from "@/features/assets/estate/components/estate-details";
import { EstateForm } from "@/features/assets/estate/components/estate-form";
import { openedEstate } from "@/features/assets/estate/opened-estate";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";
import { DeliveryField } from "@/features/deliveries/components/delivery-field";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";

const BACK = { to: "/estate", label: "Back to the inventory" };
const MODE_PARAM = "mode";

/**
 * /estate/{id}: one entry of the estate inventory, read (opened in the browser), and
 * /estate/{id}?mode=edit, the form to change it.
 */
export default function EstateDetailScreen() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isEditing = params.get(MODE_PARAM) === "edit";
  const readPath = `/estate/${id}`;
  const remove = useDeleteAsset();
  const onDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(ESTATE_MSG.deleted);
        navigate("/estate");
      },
      onError: (err) => toast.error(errorMessage(err, ESTATE_MSG.deleteFailed)),
    });
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
        type="estate"
        back={BACK}
        notFound={ESTATE_MSG.notFound}
        fallbackTitle="Inventory entry"
        width="max-w-2xl"
        loadError={{ fallback: ESTATE_MSG.notFound, canRetry: false }}
      >
        {(opened) =>
          isEditing ? (
            <>
              <PageHeader
                title={opened.asset.title}
                description={`Editing. Last updated ${formatDate(opened.asset.updatedAt)}.`}
                back={{ to: readPath, label: "Back to the entry" }}
              />
              <Card>
                <CardContent className="pt-6">
                  <EstateForm
                    key={opened.asset.id}
                    opened={opened}
                    onSaved={() => navigate(readPath)}
                    onCancel={() => navigate(readPath)}
                  />
                </CardContent>
              </Card>
            </>
          ) : (
            <>
              <PageHeader
                title={opened.asset.title}
                description={`Last updated ${formatDate(opened.asset.updatedAt)}.`}
                back={BACK}
                actions={
                  <>
                    <DeleteAssetButton
                      title={opened.asset.title}
                      noun="entry"
                      onConfirm={onDelete}
                      disabled={remove.isPending}
                    />
                    <Button asChild>
                      <Link to={`${readPath}?${MODE_PARAM}=edit`}>
                        <Pencil aria-hidden="true" /> Edit
                      </Link>
                    </Button>
                  </>
                }
              />
              <Card>
                <CardContent className="grid gap-4 pt-6">
                  <EstateDetails content={openedEstate(opened.content)} />
                  <p className="text-sm text-muted-foreground">
                    Left to:{" "}
                    {opened.asset.beneficiaryEmails.length
                      ? opened.asset.beneficiaryEmails.join(", ")
                      : "nobody yet"}
                  </p>
                </CardContent>
              </Card>
            </>
          )
        }
      </AssetDetailScreen>
    </BeneficiaryFieldProvider>
  );
}
