import type {
  DeliveryClaimDays,
  DeliveryDelayDays,
  DeliveryView,
} from "../../common/deliveries.js";

/** Only the values the database allows are ever stored; anything else reads as the default. */
const asDelay = (days: number): DeliveryDelayDays =>
  days === 7 || days === 30 || days === 90 ? days : 0;
const asClaim = (days: number): DeliveryClaimDays => (days === 60 || days === 90 ? days : 30);

/** The owner's view: the delay, the claim time and the fallbacks' addresses in order; never a wrap. */
export const presentDelivery = (
  assetId: string,
  row: { delayDays: number; claimDays: number },
  fallbacks: { email: string; position: number }[],
): DeliveryView => ({
  assetId,
  delayDays: asDelay(row.delayDays),
  claimDays: asClaim(row.claimDays),
  fallbacks: fallbacks.map((f) => ({ email: f.email, position: f.position })),
});
