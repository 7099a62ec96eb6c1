import { z } from "zod";
import type { AssetType } from "./assets.js";
import { wrappedKeySchema } from "./ciphertext.js";
import { emailSchema } from "./auth-schemas.js";
import type { LegacyItemKey } from "./legacy.js";

/**
 * The incapacity scope (docs/decisions/093): while the owner cannot act (a verifiers' report of
 * incapacity, confirmed by k), the items they marked go, read-only and for a limited time, to the
 * caregivers they named. Its own wait, shorter than the death plan's; signing in, any check-in or
 * a withdrawal ends it.
 */

/** The scope's wait, in days: the owner's time to say "I'm fine" before caregivers can read. */
export const INCAPACITY_WAIT_DAYS = [1, 2, 3, 7] as const;
export const INCAPACITY_WAIT_DEFAULT = 2;
/** How long caregivers can read once the wait has passed, in days. */
export const INCAPACITY_ACCESS_DAYS = [30, 90, 180] as const;
export const INCAPACITY_ACCESS_DEFAULT = 30;
/** Caregivers per item (the owner's people with a key). */
export const INCAPACITY_CAREGIVERS_MAX = 5;

export type IncapacityStatus = "waiting" | "active" | "ended";
/** How a scope ended: the owner signed in, checked in another way, withdrew it, its time ran out, or the death plan was released. */
export type IncapacityEndedVia = "sign_in" | "check_in" | "withdrawn" | "expired" | "released";

export const INCAPACITY_MSG = {
  noScope: "Nothing is shared because of an incapacity at the moment.",
  notAPerson: "Choose someone from your people who has an access key",
  alreadyOpen: "Your caregivers' access has already started or is waiting to start.",
  noDocuments: "Documents cannot be shared with caregivers: a file shown on a screen can be kept.",
  noMessages: "A message for later waits for its own day: it cannot be shared with caregivers.",
} as const;

/* ---------- inputs ---------- */

const oneOf = <T extends readonly number[]>(values: T, message: string) =>
  z.number().refine((n) => values.includes(n), message);

/** PUT /api/incapacity/settings */
export const incapacitySettingsSchema = z.strictObject({
  waitDays: oneOf(INCAPACITY_WAIT_DAYS, "Choose 1, 2, 3 or 7 days"),
  accessDays: oneOf(INCAPACITY_ACCESS_DAYS, "Choose 30, 90 or 180 days"),
});
export type IncapacitySettingsInput = z.infer<typeof incapacitySettingsSchema>;

/**
 * PUT /api/incapacity/items/:assetId: the caregivers this item is for, each with the item's content
 * key wrapped by the owner's browser with that caregiver's beneficiary key. An empty list unmarks it.
 */
export const incapacityItemSchema = z.strictObject({
  caregivers: z
    .array(
      z.strictObject({
        email: emailSchema,
        beneficiaryKeyId: z.uuid(),
        wrappedKey: wrappedKeySchema,
      }),
    )
    .max(INCAPACITY_CAREGIVERS_MAX, `At most ${INCAPACITY_CAREGIVERS_MAX} caregivers per item`),
});
export type IncapacityItemInput = z.infer<typeof incapacityItemSchema>;

/* ---------- responses ---------- */

export type IncapacityScopeView = {
  id: string;
  status: IncapacityStatus;
  reporterName: string;
  startedAt: string;
  /** When caregivers can start reading (the end of the wait). */
  opensAt: string;
  /** When their access ends (set once it opened). */
  endsAt: string | null;
  endedAt: string | null;
  endedVia: IncapacityEndedVia | null;
};

/** GET /api/incapacity: the owner's settings, marked items and the latest scope. */
export type IncapacityView = {
  waitDays: number;
  accessDays: number;
  items: { assetId: string; emails: string[] }[];
  scope: IncapacityScopeView | null;
};

/** A marked item as a caregiver lists it: its sealed title and what opens it; no content. */
export type CareItem = {
  id: string;
  type: AssetType;
  /** In clear only for an item its owner has not sealed yet (decision 080); else null. */
  title: string | null;
  encryptedTitle: string | null;
  key: LegacyItemKey;
};

/** GET /api/legacy/care: what each owner shares with this caregiver now, and until when. */
export type CareView = {
  email: string;
  owners: { ownerName: string; endsAt: string; items: CareItem[] }[];
};

/** GET /api/legacy/care/:id: the item's ciphertext, to read in the portal (no files, no download). */
export type CareItemDetail = CareItem & {
  ownerName: string;
  endsAt: string;
  encryptedData: string;
};
