import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem, withActor } from "../db/actor.js";
import { AppError } from "../errors.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { STAFF_MSG } from "../../common/staff-messages.js";
import { listStaff, lockFirmStaff, otherAdminsExist, removeFromFirm, setRole } from "./queries.js";

export async function listFirmStaff(deps: Deps, actor: ActorProfile) {
  requireAccess(actor, "staff:manage", { firmId: actor.firmId });
  return withActor(deps.db, { userId: actor.id }, (tx) => listStaff(tx, actor.firmId ?? ""));
}

/**
 * Loads the target among the actor's firm's staff (404 otherwise), refuses the actor's own
 * row, and runs `change` as the system with the firm's staff rows locked.
 */
type StaffRow = { id: string; role: string };

async function changeStaff(deps: Deps, actor: ActorProfile, targetId: string, change: (rows: StaffRow[], tx: Tx) => Promise<void>) {
  requireAccess(actor, "staff:manage", { firmId: actor.firmId });
  if (targetId === actor.id) throw new AppError("VALIDATION", STAFF_MSG.notYourself);
  const firmId = actor.firmId ?? "";
  await asSystem(deps.db, async (tx) => {
    const rows = await lockFirmStaff(tx, firmId);
    if (!rows.some((r) => r.id === targetId)) throw new AppError("NOT_FOUND");
    await change(rows, tx);
  });
}

export async function changeStaffRole(deps: Deps, actor: ActorProfile, targetId: string, role: "firm_staff" | "firm_admin") {
  await changeStaff(deps, actor, targetId, async (rows, tx) => {
    if (role === "firm_staff" && !otherAdminsExist(rows, targetId)) throw new AppError("CONFLICT", STAFF_MSG.lastAdmin);
    await setRole(tx, targetId, role);
    await recordAudit(tx, { actorId: actor.id, action: "staff.role_changed", subjectType: "user", subjectId: targetId, details: { role } });
  });
}

export async function removeStaff(deps: Deps, actor: ActorProfile, targetId: string) {
  await changeStaff(deps, actor, targetId, async (rows, tx) => {
    if (!otherAdminsExist(rows, targetId)) throw new AppError("CONFLICT", STAFF_MSG.lastAdmin);
    await removeFromFirm(tx, targetId, actor.firmId ?? "");
    await recordAudit(tx, { actorId: actor.id, action: "staff.removed", subjectType: "user", subjectId: targetId });
  });
}
