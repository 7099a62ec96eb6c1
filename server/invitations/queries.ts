import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { invitations } from "../db/schema.js";

export const findInvitationForEmail = (tx: Db | Tx, firmId: string, email: string) =>
  tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.firmId, firmId), eq(invitations.email, email)))
    .limit(1)
    .then((r) => r[0] ?? null);

export const findInvitationByToken = (tx: Db | Tx, tokenHash: string) =>
  tx
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1)
    .then((r) => r[0] ?? null);
