import { FIRM_CODE_MSG, type FirmSummaryView } from "../../../common/firm-codes.js";
import { requireAccess, type ActorProfile } from "../../access.js";
import type { Deps } from "../../deps.js";
import { AppError } from "../../errors.js";
import { lookupFirm } from "../../firm-codes/service.js";
import { joinFirmAsClient } from "../../firms/membership.js";

/** /join-firm: a client without a firm joins the firm of a valid, active code. */
export async function joinFirmByCode(
  deps: Deps,
  actor: ActorProfile,
  code: string,
): Promise<FirmSummaryView> {
  requireAccess(actor, "firm:join");
  const firm = await lookupFirm(deps, code);
  if (!(await joinFirmAsClient(deps.db, { userId: actor.id, firmId: firm.id, via: "code" })))
    throw new AppError("CONFLICT", FIRM_CODE_MSG.joinFailed);
  return firm;
}
