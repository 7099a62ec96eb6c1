import { CATALOGUE_MSG, type SetItemAccessInput } from "../../common/catalogue.js";
import type { ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { selectAccessRows, updateAccess } from "./access-queries.js";
import { presentItemAccess } from "./access-present.js";
import { requireKeyOf } from "./beneficiary-wrap.js";
import { loadOwnAsset } from "./service.js";

/**
 * What each person an item is left to may receive (docs/decisions/098): the content, or only that
 * it exists. The owner's own items only (404 for anyone else's and for a missing one alike).
 */
const asActor = <T>(deps: Deps, actor: ActorProfile, fn: (tx: Tx) => Promise<T>) =>
  withActor(deps.db, { userId: actor.id }, fn);

export const getItemAccess = (deps: Deps, actor: ActorProfile, assetId: string) =>
  asActor(deps, actor, async (tx) => {
    await loadOwnAsset(tx, actor, assetId);
    return presentItemAccess(await selectAccessRows(tx, assetId));
  });

export const setItemAccess = (
  deps: Deps,
  actor: ActorProfile,
  { assetId, input }: { assetId: string; input: SetItemAccessInput },
) =>
  asActor(deps, actor, async (tx) => {
    const asset = await loadOwnAsset(tx, actor, assetId);
    const row = (await selectAccessRows(tx, assetId)).find((r) => r.email === input.email);
    if (!row) throw new AppError("NOT_FOUND");
    if (input.access === "catalogue") {
      // a role (executor, legal contact) gives the content: it cannot be only told of (decision 091)
      if (row.role) throw new AppError("VALIDATION", CATALOGUE_MSG.roleGivesContent);
      const keyId = input.keyId ? await requireKeyOf(tx, actor, input.keyId, input.email) : null;
      await updateAccess(tx, {
        assetId,
        email: input.email,
        set: {
          access: "catalogue",
          beneficiaryKeyId: keyId,
          catalogueTitle: input.sealedTitle ? Buffer.from(input.sealedTitle, "base64") : null,
        },
      });
    } else {
      const wrap = input.beneficiaryKey;
      const keyId = wrap ? await requireKeyOf(tx, actor, wrap.id, input.email) : null;
      await updateAccess(tx, {
        assetId,
        email: input.email,
        set: {
          access: "content",
          beneficiaryKeyId: keyId,
          wrappedKey: wrap ? Buffer.from(wrap.wrappedKey, "base64") : null,
        },
      });
    }
    if (row.access !== input.access)
      await recordAudit(tx, {
        actorId: actor.id,
        action: "asset.access_changed",
        subjectType: "asset",
        subjectId: assetId,
        ownerId: actor.id,
        details: { type: asset.type, beneficiary: input.email, access: input.access },
      });
    return presentItemAccess(await selectAccessRows(tx, assetId));
  });
