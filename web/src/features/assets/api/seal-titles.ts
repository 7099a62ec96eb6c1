import type { AssetTitlesInput, AssetTitlesMovedView } from "@common/assets";
import { api } from "@/lib/api-client";

/** POST /api/assets/titles: seals the given items' clear titles (the move-over, decision 080). */
export const sealTitles = (titles: AssetTitlesInput["titles"]) =>
  api<AssetTitlesMovedView>("/api/assets/titles", { method: "POST", body: { titles } });
