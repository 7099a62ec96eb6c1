import type { ActorProfile } from "../access.js";
import { withActor } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { countAssetsByType, countBeneficiaries, listRecentAssets } from "./queries.js";

/** The client dashboard (spec 02 §1, §9): counts per type, the 5 most recently updated assets, beneficiaries. */
export function getDashboard(deps: Deps, actor: ActorProfile) {
  return withActor(deps.db, { userId: actor.id }, async (tx) => ({
    counts: await countAssetsByType(tx, actor.id),
    recent: await listRecentAssets(tx, actor.id),
    beneficiaries: await countBeneficiaries(tx, actor.id),
  }));
}
