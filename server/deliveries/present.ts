import type { DeliveryDelayDays, DeliveryView } from "../../common/deliveries.js";

/** Only the delays the database allows (0, 7, 30, 90) are ever stored; anything else reads as 0. */
const asDelay = (days: number): DeliveryDelayDays =>
  days === 7 || days === 30 || days === 90 ? days : 0;

export const presentDelivery = (assetId: string, delayDays: number): DeliveryView => ({
  assetId,
  delayDays: asDelay(delayDays),
});
