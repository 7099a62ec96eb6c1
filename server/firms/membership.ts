import { and, eq, isNull } from "drizzle-orm";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Db } from "../db/client.js";
import { firmUsers, profiles } from "../db/schema/index.js";

/**
 * Ties a client (regular_user without a firm) to a firm found by a valid code. A system
 * operation: lv_app cannot write profiles.firm_id. Returns false when nothing changed.
 */
export async function joinFirmAsClient(db: Db, userId: string, firmId: string, via: string): Promise<boolean> {
  return asSystem(db, async (tx) => {
    const updated = await tx
      .update(profiles)
      .set({ firmId })
      .where(and(eq(profiles.id, userId), eq(profiles.role, "regular_user"), isNull(profiles.firmId)))
      .returning({ id: profiles.id });
    if (updated.length === 0) return false;
    await tx.insert(firmUsers).values({ userId, firmId }).onConflictDoNothing();
    await recordAudit(tx, { actorId: userId, action: "firm.joined", subjectType: "firm", subjectId: firmId, details: { via } });
    return true;
  });
}
