import type { AssetType } from "./assets.js";

/** The signed-in owner's dashboard (spec 02 §2): how many recent items it lists. */
export const RECENT_ASSETS = 5;

/** GET /api/dashboard (spec 02 §1, §9): counts per type, the most recently updated assets, the number of beneficiaries. No content. */
export type DashboardView = {
  counts: Record<AssetType, number>;
  recent: { id: string; type: AssetType; title: string; updatedAt: string }[];
  beneficiaries: number;
};
