import type { PlaybookTicksView, SavePlaybookTicksInput } from "../../common/playbook.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { withActor } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { presentPlaybookTicks } from "./present.js";
import { selectPlaybookTicks, upsertPlaybookTicks } from "./queries.js";

/**
 * The owner's playbook checklist (docs/decisions/088): sealed in their browser, read and written
 * by them alone under RLS. There is no route to anyone else's: a firm sees at most plan health's
 * yes/no, a beneficiary or executor nothing.
 */

/** GET /api/playbook: the signed-in owner's sealed checklist. */
export async function getPlaybookTicks(
  deps: Deps,
  actor: ActorProfile,
): Promise<PlaybookTicksView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const row = await withActor(deps.db, { userId: actor.id }, (tx) =>
    selectPlaybookTicks(tx, actor.id),
  );
  return presentPlaybookTicks(row);
}

/** PUT /api/playbook: replaces the sealed checklist and its count (the last save wins). */
export async function savePlaybookTicks(
  deps: Deps,
  actor: ActorProfile,
  input: SavePlaybookTicksInput,
): Promise<PlaybookTicksView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const row = await withActor(deps.db, { userId: actor.id }, (tx) =>
    upsertPlaybookTicks(tx, {
      ownerId: actor.id,
      ticksKey: Buffer.from(input.wrappedKey, "base64"),
      ticks: Buffer.from(input.data, "base64"),
      tickedCount: input.tickedCount,
      updatedAt: deps.clock.now(),
    }),
  );
  return presentPlaybookTicks(row);
}
