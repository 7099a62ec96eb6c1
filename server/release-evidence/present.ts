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
    lastHash: a.rows.at(-1)?.hash ?? GENESIS_HASH,
    keyId: a.signer.publicKey.keyId,
  };
  const signature = a.signer.sign(new TextEncoder().encode(canonicalJson(certificate)));
  return { certificate, signature, entries };
}
