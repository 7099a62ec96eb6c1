import {
  DELIVERY_DELAY_DAYS,
  DELIVERY_MSG,
  deliveryLabel,
  type DeliveryDelayDays,
} from "@common/deliveries";
import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { useDelivery } from "../api/get-delivery";
import { useUpdateDelivery } from "../api/update-delivery";
import { FallbacksField } from "./fallbacks-field";

const HINT =
  "Before that day your beneficiaries cannot see or open this item, nor its title. We e-mail them on the day.";

/**
 * "Deliver: at release / 7 / 30 / 90 days after" (decision 096), beside the item's beneficiary
 * picker. Saved at once, apart from the item's own Save: the item exists already (its detail
 * page); a new item gets its delay once saved. Below it, on a saved item, the people in turn.
 */
export function DeliveryField({ assetId }: { assetId: string }) {
  const delivery = useDelivery(assetId);
  const update = useUpdateDelivery();
  const [saved, setSaved] = useState<string>();
  const error = update.isError ? errorMessage(update.error, DELIVERY_MSG.saveFailed) : undefined;
  if (delivery.isError) return null;
  const onChange = (value: string) => {
    const delayDays = DELIVERY_DELAY_DAYS.find((d) => String(d) === value) ?? 0;
    setSaved(undefined);
    update.mutate(
      { id: assetId, delayDays },
      { onSuccess: () => setSaved(`Saved: ${deliveryLabel(delayDays).toLowerCase()}.`) },
    );
  };
  return (
    <div className="grid gap-1">
      <FormField label={DELIVERY_MSG.label} hint={HINT} error={error}>
        <NativeSelect
          value={String(delivery.data?.delayDays ?? 0)}
          disabled={!delivery.data || update.isPending}
          onChange={(e) => onChange(e.target.value)}
        >
          {DELIVERY_DELAY_DAYS.map((d: DeliveryDelayDays) => (
            <option key={d} value={d}>
              {d === 0 ? "At release" : `${d} days after the release`}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <p role="status" className="text-sm text-muted-foreground">
        {saved}
      </p>
      {delivery.data && <FallbacksField view={delivery.data} />}
    </div>
  );
}
