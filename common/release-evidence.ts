/**
 * The evidence of a release (docs/decisions/079-release-evidence.md): every step of an owner's
 * release story goes into one hash-chained log, and a party downloads their part with a
 * certificate signed by the server's Ed25519 key. This file is the contract: the entry kinds, the
 * canonical JSON that is hashed and signed, and the downloaded file's shape. It holds no key, no
 * item's title and no content, ever.
 */

/** The hash before the first entry of a chain. */
export const GENESIS_HASH = "0".repeat(64);
export const EVIDENCE_FORMAT = "legacy-vault-release-evidence";
export const EVIDENCE_VERSION = 1;

/**
 * What an entry records. Verifiers' reports and confirmations (docs/decisions/082) come before a
 * `release_started` whose trigger is `verifiers`; a checker verifies any kind, known or not.
 */
export const EVIDENCE_KINDS = [
  "plan_saved", // the owner saved the plan: the inactivity timer starts (or is off)
  "reminder_sent", // an "are you still there?" e-mail before the inactivity period ends
  "checked_in", // the owner checked in (sign-in, e-mailed link, or a cancel): the timer starts again
  "paused", // the owner paused the countdown (travel, hospital) until a day (decision 085)
  "pause_ended", // the owner ended their pause early
  "escalation_started", // the inactivity period ended: the verifiers are asked to reach the owner
  "escalation_answered", // a verifier reached the owner, or could not
  "escalation_held", // no wait starts without a verifier's answer (the owner's option)
  "escalation_closed", // the owner checked in during the escalation: nothing more is needed
  "attested", // a firm admin attested the owner's death or incapacity
  "report_made", // a verifier reported the owner's death or incapacity
  "report_confirmed", // another verifier confirmed the open report
  "report_withdrawn", // the report was stopped (the owner's sign-in or "I'm fine", or "heard from them")
  "release_started", // the waiting period started
  "wait_reminder_sent", // the last-day e-mail of the waiting period
  "release_cancelled", // the owner (or a firm left) stopped the release during the wait
  "released", // the release happened
  "released_to", // what the release gave one beneficiary (item ids, never titles)
  "access_opened", // a beneficiary's first access to the portal for this release
  "item_opened", // a beneficiary opened an item
  "item_delivered", // an item that waited days after the release reached a beneficiary (decision 096)
  "fallback_activated", // nobody before claimed an item in time, or they died: it went to the next fallback person
  "beneficiary_reported_dead", // a firm admin reported that a beneficiary has died (decision 105)
  "access_ended", // the beneficiaries' access ended
  "incapacity_started", // k verifiers confirmed an incapacity: the scope's own wait started (decision 093)
  "incapacity_opened", // the wait passed: caregivers can read the marked items until a day
  "incapacity_ended", // the owner signed in, checked in or withdrew it, or its time ran out
  "care_item_opened", // a caregiver opened a marked item
  "wishes_opened", // a confirmed death opened the owner's final wishes to their people (decision 097)
  "wishes_read", // one of those people read the final wishes during the wait
  "wishes_closed", // the wait was cancelled: the final wishes are no longer shown
] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** The kinds that are "the release itself": in every party's part. */
export const RELEASE_KINDS: readonly string[] = ["attested", "release_started", "released"];

/** Who acted: a description without secrets. */
export type EvidenceActor =
  | { type: "owner"; userId: string; via?: string }
  | { type: "firm_admin"; userId: string; firmId: string; name: string }
  | { type: "verifier"; verifierId: string; name: string; firmAdminId?: string }
  | { type: "beneficiary"; email: string }
  | { type: "caregiver"; email: string }
  | { type: "system"; via?: string };

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** An entry as hashed: its canonical JSON is what `hash` covers (after `prevHash`). */
export type EvidenceEntryBody = {
  seq: number;
  kind: string;
  at: string;
  releaseId: string | null;
  actor: EvidenceActor;
  data: { [key: string]: JsonValue };
};

/** An entry of a downloaded file: whole, or (another party's) only its place in the chain. */
export type EvidenceEntry =
  | { seq: number; prevHash: string; hash: string; entry: EvidenceEntryBody }
  | { seq: number; prevHash: string; hash: string; entry?: undefined };

export type EvidenceParty =
  { type: "firm"; firmId: string; firmName: string } | { type: "beneficiary"; email: string };

/** What the server signs: who the file is for, the release, the range and the last hash. */
export type EvidenceCertificate = {
  format: typeof EVIDENCE_FORMAT;
  version: typeof EVIDENCE_VERSION;
  issuer: string;
  issuedAt: string;
  for: EvidenceParty;
  owner: { id: string; name: string };
  release: { id: string; status: string; trigger: string } | null;
  range: { first: number; last: number };
  /**
   * Per item and person of the release that this file shows whole, what the owner left them
   * (decision 098): "content", or "catalogue" (only that the item exists). From the release's
   * "released_to" entries; [] when there is no release; absent from files issued before it.
   */
  grants?: EvidenceGrant[];
  lastHash: string;
  /** SHA-256 (hex) of the raw 32-byte public key that signed. */
  keyId: string;
};

export type EvidenceGrant = {
  beneficiary: string;
  item: string;
  access: "content" | "catalogue";
};

/** The server's public key, as GET /api/release-evidence/public-key answers it. */
export type EvidencePublicKey = {
  /** JWK (RFC 8037): { kty: "OKP", crv: "Ed25519", x } */
  jwk: { kty: "OKP"; crv: "Ed25519"; x: string };
  keyId: string;
};

/** The downloaded file. */
export type EvidenceFile = {
  certificate: EvidenceCertificate;
  /** Ed25519 over the certificate's canonical JSON (UTF-8), base64. */
  signature: string;
  entries: EvidenceEntry[];
};

/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, strings and numbers as
 * JSON.stringify writes them (RFC 8785 for the values this log holds: strings, whole numbers,
 * booleans, null, arrays and objects). Anything else is refused, so no two writers differ.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "boolean" || typeof value === "string")
    return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value))
      throw new TypeError("canonical JSON holds whole numbers only");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  throw new TypeError(`canonical JSON cannot hold ${typeof value}`);
}

/** The bytes an entry's hash covers: the previous hash (hex) followed by the entry's canonical JSON. */
export const entryHashInput = (prevHash: string, canonicalEntry: string) =>
  `${prevHash}${canonicalEntry}`;

export const RELEASE_EVIDENCE_MSG = {
  intact: "The file is intact: every entry and the certificate verify.",
  notJson: "This is not a release evidence file.",
  badSignature: "The certificate's signature does not verify with the server's public key.",
  otherKey: "The certificate was signed with another key than the server's.",
} as const;
