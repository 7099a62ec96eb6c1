import { DELIVERY_MSG, deliveryLabel, type DeliveryDelayDays } from "@common/deliveries";
import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { errorMessage } from "@/lib/api-client";
import { useDelivery } from "../api/get-delivery";
import { useUpdateDelivery } from "../api/update-delivery";
import { DELAY_HINT, DelaySelect } from "./delay-select";
import { FallbacksField } from "./fallbacks-field";

/**
 * "Deliver: at release / 7 / 30 / 90 days after" (decision 096), beside the item's beneficiary
 * picker. Saved at once, apart from the item's own Save: the item exists already (its detail
 * page); a new item's form has NewItemDeliveryField instead. Below it, on a saved item, the
 * people in turn.
 */
export function DeliveryField({ assetId }: { assetId: string }) {
  const delivery = useDelivery(assetId);
  const update = useUpdateDelivery();
  const [saved, setSaved] = useState<string>();
  const error = update.isError ? errorMessage(update.error, DELIVERY_MSG.saveFailed) : undefined;
  if (delivery.isError) return null;
  const onChange = (delayDays: DeliveryDelayDays) => {
    setSaved(undefined);
    update.mutate(
      { id: assetId, delayDays },
      { onSuccess: () => setSaved(`Saved: ${deliveryLabel(delayDays).toLowerCase()}.`) },
    );
  };
  return (
    <div className="grid gap-1">
      <FormField label={DELIVERY_MSG.label} hint={DELAY_HINT} error={error}>
        <DelaySelect
          value={delivery.data?.delayDays ?? 0}
          disabled={!delivery.data || update.isPending}
          onChange={onChange}
        />
      </FormField>
      <p role="status" className="text-sm text-muted-foreground">
        {saved}
      </p>
      {delivery.data && <FallbacksField view={delivery.data} />}
    </div>
  );
}
