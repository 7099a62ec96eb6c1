import type { Tx } from "../db/client.js";
import {
  selectAcceptedByEmail,
  selectAcceptedForUpdate,
  selectFirmAdminEmails,
  selectFirmNames,
  selectPerson,
  selectThreshold,
} from "./queries.js";

/**
 * What other domains may ask of verifiers, inside the caller's system transaction (reports,
 * docs/decisions/082; the firm's attestation). A firm counts only while the owner is its client.
 */

export type AcceptedVerifier = {
  id: string;
  ownerId: string;
  kind: "person" | "firm";
  /** The person's name, or the firm's name. */
  name: string;
  email: string | null;
  firmId: string | null;
};

/** The owner's accepted verifiers (the firm only while it is the owner's current firm), locked, and k. */
export async function getAcceptedVerifiers(
  tx: Tx,
  ownerId: string,
): Promise<{ verifiers: AcceptedVerifier[]; threshold: number }> {
  const rows = await selectAcceptedForUpdate(tx, ownerId);
  const owner = await selectPerson(tx, ownerId);
  const firmIds = rows.flatMap((r) => (r.firmId ? [r.firmId] : []));
  const names = new Map((await selectFirmNames(tx, firmIds)).map((f) => [f.id, f.name]));
  const verifiers = rows
    .filter((r) => r.kind === "person" || (r.firmId && r.firmId === owner?.firmId))
    .map((r) => ({
      id: r.id,
      ownerId: r.ownerId,
      kind: r.kind,
      name: r.kind === "firm" ? (names.get(r.firmId ?? "") ?? "") : (r.name ?? ""),
      email: r.email,
      firmId: r.firmId,
    }));
  return { verifiers, threshold: (await selectThreshold(tx, ownerId)) ?? 1 };
}

/** The owners whose accepted (person) verifier this address is: role ids and owner ids. */
export const listRolesOfEmail = async (tx: Tx, email: string) =>
  (await selectAcceptedByEmail(tx, email)).map((r) => ({ verifierId: r.id, ownerId: r.ownerId }));

/** The admins' addresses of a firm (the firm as a verifier is told through them). */
export const firmAdminEmails = (tx: Tx, firmId: string) => selectFirmAdminEmails(tx, firmId);
