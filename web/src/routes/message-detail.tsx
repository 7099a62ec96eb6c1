import { MESSAGE_MSG } from "@common/messages";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useDeleteAsset } from "@/features/assets/api/delete-asset";
import { assetFilePath } from "@/features/assets/api/upload-asset-file";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { DeleteAssetButton } from "@/features/assets/components/delete-asset-button";
import { ItemAccessProvider } from "@/features/assets/components/item-access";
import { useOpenMessage } from "@/features/assets/messages/api/open-message";
import { deliveryStatus } from "@/features/assets/messages/components/message-list";
import { MessageForm } from "@/features/assets/messages/components/message-form";
import { MessageView } from "@/features/assets/messages/components/message-view";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";
import { errorMessage } from "@/lib/api-client";
import { fromBase64 } from "@/lib/crypto/vault-crypto";
import { toast } from "@/lib/toast";

const BACK = { to: "/messages", label: "Back to messages" };

/**
 * /messages/{id}: the owner's message, opened in the browser, and when it is delivered; until the
 * release, "Edit" changes it in place (its kind and recording stay).
 */
export default function MessageDetailScreen() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const opened = useOpenMessage(id);
  const remove = useDeleteAsset();
  const [isEditing, setEditing] = useState(false);
  if (opened.isPending) return <Loading />;
  if (opened.error || !opened.data)
    return (
      <>
        <PageHeader title="Message" back={BACK} />
        <LoadError>{errorMessage(opened.error, MESSAGE_MSG.loadFailed)}</LoadError>
      </>
    );
  const { asset, content, messageKey, schedule } = opened.data;
  const media = asset.files.find((f) => f.kind === "media");
  const canEdit = !schedule?.releasedAt;
  if (isEditing)
    return (
      <div className="grid max-w-3xl gap-6">
        <PageHeader
          title={`Edit ${asset.title}`}
          description={deliveryStatus(schedule ?? undefined)}
          back={BACK}
          actions={
            <Button variant="outline" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          }
        />
        <Card>
          <CardContent className="pt-6">
            <BeneficiaryFieldProvider
              renderPicker={(field) => (
                <BeneficiaryPicker {...field} label="Beneficiaries who receive it" />
              )}
            >
              <ItemAccessProvider value={{ asset, wrappedKey: fromBase64(asset.wrappedKey) }}>
                <MessageForm editing={opened.data} onSaved={() => setEditing(false)} />
              </ItemAccessProvider>
            </BeneficiaryFieldProvider>
          </CardContent>
        </Card>
      </div>
    );
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={asset.title}
        description={deliveryStatus(schedule ?? undefined)}
        back={BACK}
        actions={
          <>
            {canEdit && (
              <Button variant="outline" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <DeleteAssetButton
              title={asset.title}
              noun="message"
              disabled={remove.isPending}
              onConfirm={() =>
                remove.mutate(id, {
                  onSuccess: () => navigate("/messages"),
                  onError: (err) => toast.error(errorMessage(err, MESSAGE_MSG.saveFailed)),
                })
              }
            />
          </>
        }
      />
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <MessageView
            content={content}
            source={
              media
                ? {
                    url: assetFilePath(id, "media"),
                    contentKey: messageKey,
                    contentType: media.contentType,
                  }
                : null
            }
          />
          <p className="text-sm text-muted-foreground wrap-anywhere">
            For:{" "}
            {asset.beneficiaryEmails.length ? asset.beneficiaryEmails.join(", ") : "nobody yet"}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
