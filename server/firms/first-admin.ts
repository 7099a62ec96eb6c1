import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { CLAIM_WINDOW_HOURS } from "./claim-link.js";
import { becomeFirstAdmin } from "./membership.js";
import { lockPendingFirm } from "./queries.js";
import { addDefaultCode } from "./service.js";

/**
 * The account given as a firm's administrator at /firm-register has proved its address by opening
 * its confirmation link (decision 073): it becomes the firm's first admin, the firm is claimed and
 * its code starts to work. Nothing for any other account, or once the firm is gone (24 hours).
 * Called by better-auth's e-mail verification before the account is marked confirmed, so that a
 * failure here leaves the link usable again.
 */
export async function claimFirmOfConfirmedAdmin(deps: Deps, userId: string): Promise<void> {
  const firm = await asSystem(deps.db, async (tx) => {
    const pending = await lockPendingFirm(tx, userId, CLAIM_WINDOW_HOURS);
    if (!pending) return null;
    if (!(await becomeFirstAdmin(tx, { userId, firmId: pending.id, phone: null }))) return null;
    await recordAudit(tx, {
      actorId: userId,
      action: "firm.claimed",
      subjectType: "firm",
      subjectId: pending.id,
      ownerId: userId,
      firmId: pending.id,
      details: { role: "firm_admin", via: "confirmed e-mail" },
    });
    return pending;
  });
  if (firm) await addDefaultCode(deps, firm);
}
