import { WEBHOOK_EVENT_LABELS, WEBHOOK_MSG, type WebhookView } from "@common/firm-api";
import { useState } from "react";
import { Loading } from "@/components/loading";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteWebhook } from "../api/delete-webhook";
import { useWebhooks } from "../api/list-webhooks";
import { CreateWebhookForm } from "./create-webhook-form";
import { DeliveryLog } from "./delivery-log";
import { NewKeyNotice } from "./new-key-notice";

/** /firm/api's webhooks: a new one's secret once, the form, the endpoints and the delivery log. */
export function WebhooksManager() {
  const hooks = useWebhooks();
  const removal = useDeleteWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const [target, setTarget] = useState<WebhookView | null>(null);

  const onConfirm = async () => {
    if (!target) return;
    try {
      await removal.mutateAsync(target.id);
      toast.success(WEBHOOK_MSG.deleted);
      setTarget(null);
    } catch {
      // the dialog stays open and says why
    }
  };

  return (
    <section className="grid gap-4" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title" className="text-xl font-semibold">
        Webhooks
      </h2>
      {secret && (
        <NewKeyNotice
          secret={secret}
          message={WEBHOOK_MSG.created}
          label="Your webhook signing secret"
          onDone={() => setSecret(null)}
        />
      )}
      <Card className="p-4">
        <CreateWebhookForm onCreated={setSecret} />
      </Card>
      {hooks.isPending ? (
        <Loading variant="list" />
      ) : hooks.isError ? (
        <LoadError onRetry={() => void hooks.refetch()}>Could not load the webhooks.</LoadError>
      ) : (
        <>
          <Card className="p-4">
            {hooks.data.webhooks.length === 0 ? (
              <p className="text-center text-muted-foreground">No webhooks yet.</p>
            ) : (
              <ul className="grid gap-3" aria-label="Your webhooks">
                {hooks.data.webhooks.map((hook) => (
                  <li key={hook.id} className="flex flex-wrap items-center justify-between gap-2">
                    <div className="grid gap-1">
                      <span className="font-medium wrap-anywhere">{hook.url}</span>
                      <span className="text-sm text-muted-foreground">
                        {hook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(", ")}
                      </span>
                    </div>
                    <Button variant="outline" size="sm" onClick={() => setTarget(hook)}>
                      Delete<span className="sr-only"> webhook {hook.url}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card className="p-2 sm:p-4">
            <h3 className="p-2 text-lg font-semibold">Delivery log</h3>
            <DeliveryLog deliveries={hooks.data.deliveries} />
          </Card>
        </>
      )}
      <ConfirmActionDialog
        isOpen={!!target}
        title="Delete this webhook?"
        description={`Nothing more is sent to ${target?.url ?? ""}. This cannot be undone.`}
        confirmLabel="Delete Webhook"
        pendingLabel="Deleting..."
        isPending={removal.isPending}
        failure={
          removal.error ? errorMessage(removal.error, "Could not delete the webhook.") : undefined
        }
        onConfirm={() => void onConfirm()}
        onCancel={() => {
          removal.reset();
          setTarget(null);
        }}
      />
    </section>
  );
}
