import { z } from "zod";

/**
 * Items delivered later (docs/decisions/096): an item is given at the release, or 7, 30 or 90 days
 * after it. Until its day the portal answers 404 for it, its files and its evidence; on the day
 * the sweep delivers it and e-mails each beneficiary (no title). Messages have their own day
 * (docs/decisions/089) and no delay.
 */

/** The choices: 0 is "at release". */
export const DELIVERY_DELAY_DAYS = [0, 7, 30, 90] as const;
export type DeliveryDelayDays = (typeof DELIVERY_DELAY_DAYS)[number];

/** The most waiting items one sweep's transaction claims; a pass runs batches until none is due. */
export const DELIVERY_SWEEP_BATCH = 500;

export const DELIVERY_MSG = {
  delayInvalid: "Choose at release, or 7, 30 or 90 days after",
  notForMessages: "A message has its own delivery day",
  released: "This item was already released; its delivery cannot change",
  label: "Deliver",
  saveFailed: "The delivery could not be saved. Please try again.",
} as const;

/** The words of each choice, as the item's form and the owner's pages show them. */
export const deliveryLabel = (days: DeliveryDelayDays) =>
  days === 0 ? "At release" : `${days} days after`;

/* ---------- inputs ---------- */

export const deliveryDelaySchema = z.union(
  DELIVERY_DELAY_DAYS.map((d) => z.literal(d)),
  { error: DELIVERY_MSG.delayInvalid },
);

/** PUT /api/deliveries/:id: when the item is given, in days after the release. */
export const putDeliverySchema = z.strictObject({ delayDays: deliveryDelaySchema });
export type PutDeliveryInput = z.infer<typeof putDeliverySchema>;

/* ---------- responses ---------- */

/** GET and PUT /api/deliveries/:id: the owner's own item's delay. */
export type DeliveryView = { assetId: string; delayDays: DeliveryDelayDays };
