import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { firms, profiles } from "../db/schema/index.js";

/** A new account's profile (regular_user, no firm); nothing when it is already there. */
export async function insertProfile(tx: Tx, values: { id: string; name: string; email: string }) {
  await tx.insert(profiles).values(values).onConflictDoNothing();
}

/** Runs under withActor: row-level security limits it to what the actor may see. */
export async function selectProfileWithFirm(tx: Tx, userId: string) {
  const rows = await tx
    .select({ profile: profiles, firmName: firms.name })
    .from(profiles)
    .leftJoin(firms, eq(firms.id, profiles.firmId))
    .where(eq(profiles.id, userId))
    .limit(1);
  return rows[0];
}

export async function updateOwnProfile(
  tx: Tx,
  userId: string,
  values: { name: string; phone: string | null; address: string | null },
) {
  const rows = await tx
    .update(profiles)
    .set(values)
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  return rows.length;
}
