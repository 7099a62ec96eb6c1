import type { WishesChoiceInput, WishesChoiceView } from "../../common/assets/wishes.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { presentWishesChoice } from "./present.js";
import { deleteWishesChoice, insertWishesChoice, selectWishesChoice } from "./queries.js";

/**
 * The owner's final wishes choice (docs/decisions/097): whether the item opens to its people as
 * soon as a death is confirmed. The item itself (its sealed fields and its people) is an asset.
 */

/** GET /api/wishes/:id: 404 for anything but the caller's own final wishes. */
export async function getWishesChoice(
  deps: Deps,
  actor: ActorProfile,
  id: string,
): Promise<WishesChoiceView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const row = await withActor(deps.db, { userId: actor.id }, (tx) =>
    selectWishesChoice(tx, actor.id, id),
  );
  if (!row) throw new AppError("NOT_FOUND");
  return presentWishesChoice(row);
}

/** PUT /api/wishes/:id: sets the choice; an audit row when it changes. */
export async function setWishesChoice(
  deps: Deps,
  actor: ActorProfile,
  id: string,
  input: WishesChoiceInput,
): Promise<WishesChoiceView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const now = deps.clock.now();
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const row = await selectWishesChoice(tx, actor.id, id);
    if (!row) throw new AppError("NOT_FOUND");
    const was = row.chosenAt !== null;
    if (input.opensAtReport && !was)
      await insertWishesChoice(tx, { ownerId: actor.id, assetId: id, at: now });
    if (!input.opensAtReport && was) await deleteWishesChoice(tx, actor.id, id);
    if (was !== input.opensAtReport)
      await recordAudit(tx, {
        actorId: actor.id,
        action: input.opensAtReport ? "wishes.opens_at_report" : "wishes.opens_at_release",
        subjectType: "asset",
        subjectId: id,
        ownerId: actor.id,
        at: now,
        details: {},
      });
    return presentWishesChoice({ id, chosenAt: input.opensAtReport ? now : null });
  });
}
