import { STAFF_MSG, type StaffRole } from "../../common/staff.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { leaveFirm } from "../firms/membership.js";
import { listStaff, lockFirmStaff, setRole } from "./queries.js";

type StaffRow = { id: string; role: string };

const otherAdminsExist = (rows: StaffRow[], id: string) =>
  rows.some((r) => r.id !== id && r.role === "firm_admin");

export async function listFirmStaff(deps: Deps, actor: ActorProfile) {
  requireAccess(actor, "staff:manage", { firmId: actor.firmId });
  return withActor(deps.db, { userId: actor.id }, (tx) => listStaff(tx, requireFirm(actor)));
}

/**
 * Loads the target among the actor's firm's staff (404 otherwise), refuses the actor's own
 * row, and runs `change` as the system with the firm's staff rows locked.
 */
async function changeStaff(
  deps: Deps,
  actor: ActorProfile,
  target: { id: string; change: (rows: StaffRow[], tx: Tx) => Promise<void> },
) {
  requireAccess(actor, "staff:manage", { firmId: actor.firmId });
  if (target.id === actor.id) throw new AppError("VALIDATION", STAFF_MSG.notYourself);
  const firmId = requireFirm(actor);
  await asSystem(deps.db, async (tx) => {
    const rows = await lockFirmStaff(tx, firmId);
    if (!rows.some((r) => r.id === target.id)) throw new AppError("NOT_FOUND");
    await target.change(rows, tx);
  });
}

export async function changeStaffRole(
  deps: Deps,
  actor: ActorProfile,
  target: { id: string; role: StaffRole },
) {
  const { id, role } = target;
  await changeStaff(deps, actor, {
    id,
    change: async (rows, tx) => {
      if (role !== "firm_admin" && !otherAdminsExist(rows, id))
        throw new AppError("CONFLICT", STAFF_MSG.lastAdmin);
      await setRole(tx, id, role);
      await recordAudit(tx, {
        actorId: actor.id,
        action: "staff.role_changed",
        subjectType: "user",
        subjectId: id,
        ownerId: id,
        firmId: actor.firmId,
        details: { role },
      });
    },
  });
}

export async function removeStaff(deps: Deps, actor: ActorProfile, targetId: string) {
  await changeStaff(deps, actor, {
    id: targetId,
    change: async (rows, tx) => {
      if (!otherAdminsExist(rows, targetId)) throw new AppError("CONFLICT", STAFF_MSG.lastAdmin);
      await leaveFirm(tx, { userId: targetId, firmId: requireFirm(actor) });
      await recordAudit(tx, {
        actorId: actor.id,
        action: "staff.removed",
        subjectType: "user",
        subjectId: targetId,
        ownerId: targetId,
        firmId: actor.firmId,
      });
    },
  });
}
