import { DELIVERY_MSG, type DeliveryDelayDays } from "@common/deliveries";
import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/lib/toast";
import { updateDelivery } from "../api/update-delivery";
import { DELAY_HINT, DelaySelect } from "./delay-select";

export type NewItemDelivery = {
  delayDays: DeliveryDelayDays;
  setDelayDays: (delayDays: DeliveryDelayDays) => void;
  /** After the item is created: saves its delay (nothing to send for "At release"). */
  saveFor: (assetId: string) => Promise<void>;
};

/**
 * A new item's delay (decision 096), chosen in its form and saved right after the item (the
 * delay belongs to an item that exists). The item is never lost for it: if the delay is refused,
 * the item stays, delivered at the release, and a toast says to choose again on its page.
 */
export function useNewItemDelivery(): NewItemDelivery {
  const [delayDays, setDelayDays] = useState<DeliveryDelayDays>(0);
  const saveFor = async (assetId: string) => {
    if (delayDays === 0) return;
    try {
      await updateDelivery({ id: assetId, delayDays });
    } catch {
      toast.error(DELIVERY_MSG.newItemSaveFailed);
    }
  };
  return { delayDays, setDelayDays, saveFor };
}

/** "Deliver" in a new item's form, beside its beneficiary picker: as on its page once saved. */
export function NewItemDeliveryField({ delivery }: { delivery: NewItemDelivery }) {
  return (
    <FormField label={DELIVERY_MSG.label} hint={DELAY_HINT}>
      <DelaySelect value={delivery.delayDays} onChange={delivery.setDelayDays} />
    </FormField>
  );
}
