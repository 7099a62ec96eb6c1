import type { Tx } from "../db/client.js";
import { reconcileRoleRows } from "./role-grant-queries.js";

/**
 * The one place where what a role gives is written (decision 091): after a person's roles or
 * address change or the person is removed, after an estate entry is added, after a document is
 * marked or unmarked for the legal contact. Inside the caller's transaction, under withActor.
 * New rows wait "pending" for the owner's browser to wrap the item's key for the person's
 * beneficiary key (docs/release-keys.md); rows a role no longer gives are deleted with their wrap.
 */
export const syncRoleGrants = (tx: Tx, ownerId: string) => reconcileRoleRows(tx, ownerId);
