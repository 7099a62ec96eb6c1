import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { twoFactor, user } from "../db/schema/index.js";

/** The account's two-factor switch and its authenticator row, if any. Auth tables: read as the system. */
export async function selectTwoFactorState(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ isOn: user.twoFactorEnabled, verified: twoFactor.verified })
    .from(user)
    .leftJoin(twoFactor, eq(twoFactor.userId, user.id))
    .where(eq(user.id, userId));
  return row ? { isOn: row.isOn, hasAuthenticator: row.verified === true } : null;
}

/** Removes the account's confirmed authenticator (its secret and recovery codes); the e-mailed code stays on. */
export async function deleteAuthenticator(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(twoFactor)
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.verified, true)))
    .returning({ id: twoFactor.id });
  return rows.length > 0;
}
