import {
  BENEFICIARY_MSG,
  type BeneficiaryInput,
  type BeneficiaryUpdateInput,
  type SealedDetails,
} from "../../common/beneficiaries.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { syncRoleGrants } from "../assets/role-grants.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import { AppError, isUniqueViolation } from "../errors.js";
import type { Deps } from "../deps.js";
import { describeError } from "../logger.js";
import { beneficiaryNamedMail } from "./emails.js";
import {
  deleteBeneficiaryRow,
  insertBeneficiary,
  listBeneficiaryRows,
  selectBeneficiaryNames,
  selectBeneficiary,
  selectHasOwnKeys,
  selectOwnerName,
  updateBeneficiaryRow,
} from "./queries.js";

const asActor = <T>(deps: Deps, actor: ActorProfile, fn: (tx: Tx) => Promise<T>) =>
  withActor(deps.db, { userId: actor.id }, fn);

/** The actor's own beneficiary, or 404 (a missing one and someone else's answer alike). */
async function loadOwnBeneficiary(tx: Tx, actor: ActorProfile, id: string) {
  const row = await selectBeneficiary(tx, id);
  if (!row) throw new AppError("NOT_FOUND");
  requireAccess(actor, "vault:own", { ownerId: row.userId });
  return row;
}

type DetailsInput = {
  phone?: string | null;
  relationship?: string | null;
  notes?: string | null;
  details?: SealedDetails | null;
};

/**
 * The columns for phone, relationship and notes (decision 038, item 7). Sealed details replace the
 * clear copy; an owner whose keys are their own never stores a clear one (400), so a dump holds
 * none. `undefined` leaves the columns alone (an edit of the name only).
 */
async function detailsColumns(tx: Tx, userId: string, input: DetailsInput) {
  if (input.details) {
    return {
      phone: null,
      relationship: null,
      notes: null,
      detailsKey: Buffer.from(input.details.wrappedKey, "base64"),
      details: Buffer.from(input.details.data, "base64"),
    };
  }
  const hasClear = [input.phone, input.relationship, input.notes].some((v) => v != null);
  if (hasClear && (await selectHasOwnKeys(tx, userId)))
    throw new AppError("VALIDATION", BENEFICIARY_MSG.detailsInClear);
  return input.details === null ? { detailsKey: null, details: null } : {};
}

type RoleFlags = { isExecutor?: boolean; isLegalContact?: boolean };
const ROLE_KEYS = ["isExecutor", "isLegalContact"] as const;

/**
 * After a person's roles or address changed, or the person went (decision 091): what the roles
 * give follows (assets' syncRoleGrants), and the owner's timeline records the roles by name of
 * role only (no address: the beneficiary's id is the subject).
 */
async function afterRoleChange(
  tx: Tx,
  actor: ActorProfile,
  { id, before, after }: { id: string; before: RoleFlags; after: RoleFlags },
) {
  await syncRoleGrants(tx, actor.id);
  if (ROLE_KEYS.every((k) => !!before[k] === !!after[k])) return;
  await recordAudit(tx, {
    actorId: actor.id,
    action: "beneficiary.roles_changed",
    subjectType: "beneficiary",
    subjectId: id,
    ownerId: actor.id,
    details: { isExecutor: !!after.isExecutor, isLegalContact: !!after.isLegalContact },
  });
}

/** Newest first. */
export const listBeneficiaries = (deps: Deps, actor: ActorProfile) =>
  asActor(deps, actor, (tx) => listBeneficiaryRows(tx, actor.id));

export const getBeneficiary = (deps: Deps, actor: ActorProfile, id: string) =>
  asActor(deps, actor, (tx) => loadOwnBeneficiary(tx, actor, id));

/**
 * Saves the beneficiary, then queues notify-beneficiary. The beneficiary stays saved when the
 * mail cannot be queued: `isNotified` is false and the browser shows the spec's warning.
 */
export async function createBeneficiary(deps: Deps, actor: ActorProfile, input: BeneficiaryInput) {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const { id, name, email, phone, relationship, notes, isExecutor, isLegalContact } = input;
  const { row, ownerName } = await asActor(deps, actor, async (tx) => {
    const details = await detailsColumns(tx, actor.id, input);
    const row = await insertBeneficiary(tx, {
      ...(id ? { id } : {}),
      ...{ name, email, phone, relationship, notes },
      ...{ isExecutor: isExecutor ?? false, isLegalContact: isLegalContact ?? false },
      ...details,
      userId: actor.id,
    });
    if (row && (row.isExecutor || row.isLegalContact))
      await afterRoleChange(tx, actor, { id: row.id, before: {}, after: row });
    return { row, ownerName: await selectOwnerName(tx, actor.id) };
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT"); // a browser-made id already taken
    throw err;
  });
  if (!row) throw new AppError("INTERNAL");
  try {
    await deps.sendMail(
      beneficiaryNamedMail(deps.env.APP_URL, {
        to: row.email,
        beneficiaryName: row.name,
        ownerName: ownerName ?? "A Legacy Vault user",
      }),
    );
    return { row, isNotified: true };
  } catch (err) {
    deps.log.warn(`beneficiary ${row.id}: notification not queued: ${describeError(err)}`);
    return { row, isNotified: false };
  }
}

export function updateBeneficiary(
  deps: Deps,
  actor: ActorProfile,
  { id, input }: { id: string; input: BeneficiaryUpdateInput },
) {
  return asActor(deps, actor, async (tx) => {
    const current = await loadOwnBeneficiary(tx, actor, id);
    if (Object.keys(input).length === 0) return current;
    const { details: _sealed, ...fields } = input;
    const row = await updateBeneficiaryRow(tx, id, {
      ...fields,
      ...(await detailsColumns(tx, actor.id, input)),
    });
    if (!row) throw new AppError("NOT_FOUND");
    const isRoleOrAddressChanged =
      row.email !== current.email || ROLE_KEYS.some((k) => row[k] !== current[k]);
    if (isRoleOrAddressChanged)
      await afterRoleChange(tx, actor, { id, before: current, after: row });
    return row;
  });
}

export function deleteBeneficiary(deps: Deps, actor: ActorProfile, id: string) {
  return asActor(deps, actor, async (tx) => {
    const current = await loadOwnBeneficiary(tx, actor, id);
    await deleteBeneficiaryRow(tx, id);
    if (current.isExecutor || current.isLegalContact)
      await afterRoleChange(tx, actor, { id, before: current, after: {} });
  });
}

/**
 * The names the owner gave these (lower-case) addresses in their beneficiary list, for the
 * greetings of the release's, the deliveries' and the test run's e-mails; in the caller's
 * transaction (the system's, after the caller's own access check).
 */
export async function beneficiaryNames(
  tx: Tx,
  ownerId: string,
  emails: string[],
): Promise<Map<string, string>> {
  if (!emails.length) return new Map();
  const rows = await selectBeneficiaryNames(tx, ownerId, emails);
  return new Map(rows.map((r) => [r.email, r.name]));
}
