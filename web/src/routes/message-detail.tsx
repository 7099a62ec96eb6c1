import { MESSAGE_MSG } from "@common/messages";
import { useNavigate, useParams } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { useDeleteAsset } from "@/features/assets/api/delete-asset";
import { assetFilePath } from "@/features/assets/api/upload-asset-file";
import { DeleteAssetButton } from "@/features/assets/components/delete-asset-button";
import { useOpenMessage } from "@/features/assets/messages/api/open-message";
import { deliveryStatus } from "@/features/assets/messages/components/message-list";
import { MessageView } from "@/features/assets/messages/components/message-view";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";

const BACK = { to: "/messages", label: "Back to messages" };

/** /messages/{id}: the owner's message, opened in the browser, and when it is delivered. */
export default function MessageDetailScreen() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const opened = useOpenMessage(id);
  const remove = useDeleteAsset();
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
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={asset.title}
        description={deliveryStatus(schedule ?? undefined)}
        back={BACK}
        actions={
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
