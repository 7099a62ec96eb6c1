import {
  EVIDENCE_FORMAT,
  EVIDENCE_VERSION,
  GENESIS_HASH,
  RELEASE_KINDS,
  canonicalJson,
  type EvidenceCertificate,
  type EvidenceEntry,
  type EvidenceEntryBody,
  type EvidenceFile,
  type EvidenceGrant,
  type EvidenceParty,
} from "../../common/release-evidence.js";
import type { EvidenceSigner } from "../crypto/evidence-key.js";
import type { EvidenceRow } from "./queries.js";

/** Whose chain and which release a file is about (the caller loaded and authorised them). */
export type EvidenceSubject = {
  owner: { id: string; name: string };
  release: { id: string; status: string; trigger: string } | null;
};

/** Whether the entry is whole in this party's file; the others keep only their place in the chain. */
function isPartyEntry(row: EvidenceRow, party: EvidenceParty, releaseId: string | null): boolean {
  if (party.type === "firm") return true;
  if (row.beneficiaryEmail === party.email) return true;
  return RELEASE_KINDS.includes(row.kind) && row.releaseId !== null && row.releaseId === releaseId;
}

/**
 * What each person of the release received, per item (decision 098), from the release's
 * "released_to" entries that the party sees whole: a firm every person's, a beneficiary their own.
 * An entry written before decision 098 names no access: its items were all "content".
 */
function grantsOf(entries: EvidenceEntry[], releaseId: string | null): EvidenceGrant[] {
  const grants: EvidenceGrant[] = [];
  for (const { entry } of entries) {
    if (!entry || entry.kind !== "released_to" || entry.releaseId !== releaseId) continue;
    const { items, access, beneficiary } = entry.data;
    if (!Array.isArray(items) || typeof beneficiary !== "string") continue;
    const byItem = access && typeof access === "object" && !Array.isArray(access) ? access : {};
    for (const item of items)
      if (typeof item === "string")
        grants.push({
          beneficiary,
          item,
          access: byItem[item] === "catalogue" ? "catalogue" : "content",
        });
  }
  return grants;
}

/** Rows -> the signed file (the stored canonical text is parsed back; it re-canonicalises to itself). */
export function presentEvidenceFile(a: {
  rows: EvidenceRow[];
  subject: EvidenceSubject;
  party: EvidenceParty;
  issuer: string;
  issuedAt: Date;
  signer: EvidenceSigner;
}): EvidenceFile {
  const releaseId = a.subject.release?.id ?? null;
  const entries: EvidenceEntry[] = a.rows.map((row) => {
    const link = { seq: row.seq, prevHash: row.prevHash, hash: row.hash };
    return isPartyEntry(row, a.party, releaseId)
      ? { ...link, entry: JSON.parse(row.entry) as EvidenceEntryBody }
      : link;
  });
  const certificate: EvidenceCertificate = {
    format: EVIDENCE_FORMAT,
    version: EVIDENCE_VERSION,
    issuer: a.issuer,
    issuedAt: a.issuedAt.toISOString(),
    for: a.party,
    owner: a.subject.owner,
    release: a.subject.release,
    range: { first: 1, last: a.rows.at(-1)?.seq ?? 0 },
    grants: grantsOf(entries, releaseId),
    lastHash: a.rows.at(-1)?.hash ?? GENESIS_HASH,
    keyId: a.signer.publicKey.keyId,
  };
  const signature = a.signer.sign(new TextEncoder().encode(canonicalJson(certificate)));
  return { certificate, signature, entries };
}
