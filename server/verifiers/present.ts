import type {
  FirmVerifierView,
  VerifierInvitationView,
  VerifierView,
  VerifiersView,
} from "../../common/verifiers.js";
import { VERIFIERS_MAX } from "../../common/verifiers.js";
import type { FullVerifierRow, VerifierRow } from "./queries.js";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** One verifier as its owner sees it: never a hash, a code or a token. */
export const presentVerifier = (
  r: VerifierRow,
  { firmNames, ownerFirmId }: { firmNames: Map<string, string>; ownerFirmId: string | null },
): VerifierView => ({
  id: r.id,
  kind: r.kind,
  name: r.kind === "firm" ? (firmNames.get(r.firmId ?? "") ?? "Your former firm") : (r.name ?? ""),
  email: r.email,
  status: r.status,
  invitedAt: r.invitedAt.toISOString(),
  inviteExpiresAt: r.status === "invited" ? iso(r.inviteExpiresAt) : null,
  respondedAt: iso(r.respondedAt),
  lastAnsweredAt: iso(r.lastAnsweredAt),
  isFormerFirm: r.kind === "firm" && r.firmId !== ownerFirmId,
});

export function presentVerifiers(a: {
  rows: VerifierRow[];
  threshold: number | null;
  firmNames: Map<string, string>;
  owner: { firmId: string | null; isClient: boolean };
}): VerifiersView {
  const { rows, owner } = a;
  const firmName = owner.firmId ? (a.firmNames.get(owner.firmId) ?? null) : null;
  const hasFirm = rows.some((r) => r.kind === "firm" && r.firmId === owner.firmId);
  return {
    verifiers: rows.map((r) => presentVerifier(r, { ...a, ownerFirmId: owner.firmId })),
    threshold: a.threshold,
    acceptedCount: rows.filter((r) => r.status === "accepted").length,
    eligibleCount: rows.filter((r) => r.status !== "declined").length,
    max: VERIFIERS_MAX,
    canAddFirm: owner.isClient && !!owner.firmId && !hasFirm && rows.length < VERIFIERS_MAX,
    firmName,
  };
}

/** "a•••@example.com": enough for the person to know which address, not enough to learn it. */
export function emailHint(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}

export const presentInvitation = (
  r: FullVerifierRow,
  ownerName: string,
): VerifierInvitationView => ({
  ownerName,
  verifierName: r.name ?? "",
  emailHint: emailHint(r.email ?? ""),
  status: r.status,
});

export const presentFirmVerifier = (r: VerifierRow | null): FirmVerifierView =>
  r
    ? {
        status: r.status,
        invitedAt: r.invitedAt.toISOString(),
        respondedAt: iso(r.respondedAt),
        lastAnsweredAt: iso(r.lastAnsweredAt),
      }
    : null;
