import { and, count, desc, eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { passkey } from "../db/schema/index.js";

/*
 * The account's passkeys as lv_app sees them (migration 0037): its own rows only (row-level
 * security), and only id, name and dates. better-auth writes and reads the rest as the table's owner.
 * Every function runs under withActor and is scoped by the actor as well.
 */

const shown = { id: passkey.id, name: passkey.name, createdAt: passkey.createdAt };

/** The actor's passkeys, newest first. */
export function selectOwnPasskeys(tx: Tx, userId: string) {
  return tx
    .select(shown)
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(desc(passkey.createdAt), passkey.id);
}
export type OwnPasskeyRow = Awaited<ReturnType<typeof selectOwnPasskeys>>[number];

/** How many passkeys the actor has. */
export async function countOwnPasskeys(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(passkey).where(eq(passkey.userId, userId));
  return row?.n ?? 0;
}

/** Renames one of the actor's passkeys; undefined when they have none with that id. */
export async function renameOwnPasskey(
  tx: Tx,
  { userId, id, name }: { userId: string; id: string; name: string },
): Promise<OwnPasskeyRow | undefined> {
  const [row] = await tx
    .update(passkey)
    .set({ name })
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning(shown);
  return row;
}

/** Deletes one of the actor's passkeys; returns it, or undefined when they have none with that id. */
export async function deleteOwnPasskey(
  tx: Tx,
  { userId, id }: { userId: string; id: string },
): Promise<OwnPasskeyRow | undefined> {
  const [row] = await tx
    .delete(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning(shown);
  return row;
}

/**
 * Removes every passkey of the account, in the caller's transaction, as the system: the account
 * recovery paths (a password reset by e-mail link, an undone e-mail change) end every way in that
 * someone else may hold, passkeys as well as sessions (decision 056).
 */
export async function deleteAllPasskeys(tx: Tx, userId: string): Promise<number> {
  const rows = await tx
    .delete(passkey)
    .where(eq(passkey.userId, userId))
    .returning({ id: passkey.id });
  return rows.length;
}
