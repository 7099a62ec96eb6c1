import { createHash } from "node:crypto";
import {
  GENESIS_HASH,
  canonicalJson,
  entryHashInput,
  type EvidenceActor,
  type EvidenceFile,
  type EvidenceKind,
  type EvidenceParty,
  type EvidencePublicKey,
  type JsonValue,
} from "../../common/release-evidence.js";
import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { presentEvidenceFile, type EvidenceSubject } from "./present.js";
import {
  hasEntry,
  insertEntries,
  insertEntry,
  lockChain,
  lockChains,
  selectChain,
  selectLastEntries,
  selectLastEntry,
} from "./queries.js";

/**
 * The evidence log of releases (docs/decisions/079): each step appends one entry to its owner's
 * chain inside the step's own transaction, so the step and its evidence commit together or not at
 * all. An entry holds no key, no item's title and no content: ids, dates, counts and names only.
 */
export type EvidenceInput = {
  ownerId: string;
  releaseId: string | null;
  kind: EvidenceKind;
  at: Date;
  actor: EvidenceActor;
  data?: { [key: string]: JsonValue };
  /** The beneficiary the entry concerns: it is in their part of the log. */
  beneficiaryEmail?: string;
};

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** Appends one entry to the owner's chain, inside the caller's transaction. */
export async function appendEvidence(tx: Tx, input: EvidenceInput): Promise<void> {
  await lockChain(tx, input.ownerId);
  const last = await selectLastEntry(tx, input.ownerId);
  await insertEntry(tx, chainedEntry(input, last));
}

/**
 * Appends several entries (several owners' chains, in the order given for each) in three
 * statements whatever their number: a sweep's batch of steps (decision 085). Inside the caller's
 * transaction, as appendEvidence.
 */
export async function appendEvidences(tx: Tx, inputs: EvidenceInput[]): Promise<void> {
  if (!inputs.length) return;
  const owners = [...new Set(inputs.map((i) => i.ownerId))].sort();
  await lockChains(tx, owners);
  const last = new Map((await selectLastEntries(tx, owners)).map((r) => [r.ownerId, r]));
  const rows = inputs.map((input) => {
    const row = chainedEntry(input, last.get(input.ownerId) ?? null);
    last.set(input.ownerId, row);
    return row;
  });
  await insertEntries(tx, rows);
}

/** The entry that follows `last` (null: the first of the chain). */
function chainedEntry(input: EvidenceInput, last: { seq: number; hash: string } | null) {
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  const beneficiary = input.beneficiaryEmail ? { beneficiary: input.beneficiaryEmail } : {};
  const entry = canonicalJson({
    seq,
    kind: input.kind,
    at: input.at.toISOString(),
    releaseId: input.releaseId,
    actor: input.actor,
    data: { ...input.data, ...beneficiary },
  });
  return {
    ownerId: input.ownerId,
    seq,
    releaseId: input.releaseId,
    kind: input.kind,
    at: input.at,
    beneficiaryEmail: input.beneficiaryEmail ?? null,
    entry,
    prevHash,
    hash: sha256Hex(entryHashInput(prevHash, entry)),
  };
}

/** A beneficiary's first access to what a release gave them: recorded once per release and address. */
export async function appendFirstAccess(
  tx: Tx,
  {
    ownerId,
    releaseId,
    email,
    at,
  }: { ownerId: string; releaseId: string; email: string; at: Date },
): Promise<void> {
  await lockChain(tx, ownerId);
  if (await hasEntry(tx, { ownerId, releaseId, kind: "access_opened", beneficiaryEmail: email }))
    return;
  await appendEvidence(tx, {
    ownerId,
    releaseId,
    kind: "access_opened",
    at,
    actor: { type: "beneficiary", email },
    beneficiaryEmail: email,
  });
}

export const getEvidencePublicKey = (deps: Deps): EvidencePublicKey =>
  deps.evidenceSigner.publicKey;

/**
 * The signed file of one party's part of the owner's chain: the whole chain's links, each entry
 * whole when it is the party's (a firm: every entry; a beneficiary: theirs and the release's own),
 * and a certificate over the last hash. The caller has checked that `party` may have it. Audited.
 */
export async function getEvidenceFile(
  deps: Deps,
  {
    subject,
    party,
    actorId,
  }: { subject: EvidenceSubject; party: EvidenceParty; actorId: string | null },
): Promise<EvidenceFile> {
  const now = deps.clock.now();
  const rows = await asSystem(deps.db, async (tx) => {
    const chain = await selectChain(tx, subject.owner.id);
    await recordAudit(tx, {
      actorId,
      action: "release_evidence.downloaded",
      subjectType: "release",
      subjectId: subject.owner.id,
      at: now,
      ownerId: subject.owner.id,
      firmId: party.type === "firm" ? party.firmId : null,
      details: {
        party: party.type,
        ...(party.type === "beneficiary" ? { beneficiary: party.email } : {}),
        entries: chain.length,
      },
    });
    return chain;
  });
  return presentEvidenceFile({
    rows,
    subject,
    party,
    issuer: deps.env.APP_URL,
    issuedAt: now,
    signer: deps.evidenceSigner,
  });
}
