import type { VerifierView, VerifiersView } from "@common/verifiers";
import { formatDate } from "@/lib/format";

/** A verifier's state in plain words: "Invited on Dec 2, 2026", "Accepted on … · last answered …". */
export function verifierStateText(v: VerifierView): string {
  if (v.isFormerFirm) return "No longer your firm: it cannot act for you";
  if (v.status === "invited" && v.inviteExpiresAt && Date.parse(v.inviteExpiresAt) <= Date.now())
    return `Invitation expired on ${formatDate(v.inviteExpiresAt)}: send it again`;
  if (v.status === "invited") return `Invited on ${formatDate(v.invitedAt)}, has not answered yet`;
  if (v.status === "declined") return `Declined on ${formatDate(v.respondedAt ?? v.invitedAt)}`;
  const accepted = `Accepted on ${formatDate(v.respondedAt ?? v.invitedAt)}`;
  return v.lastAnsweredAt && v.lastAnsweredAt !== v.respondedAt
    ? `${accepted} · last answered on ${formatDate(v.lastAnsweredAt)}`
    : accepted;
}

/** The summary above the list: "2 of 3 have accepted." */
export function acceptedSummary(view: VerifiersView): string {
  const n = view.verifiers.length;
  if (n === 0) return "You have not named any verifiers yet.";
  const has = n === 1 ? "has" : "have";
  return `${view.acceptedCount} of ${n} ${has} accepted.`;
}

/** What k means, and a warning while fewer than k have accepted; null with no k. */
export function thresholdText(
  view: VerifiersView,
): { text: string; warning: string | null } | null {
  const k = view.threshold;
  if (k === null) return null;
  const text = `${k} of ${view.eligibleCount} must confirm before anything can happen.`;
  const accepted = view.acceptedCount;
  if (accepted >= k) return { text, warning: null };
  const needed = `${k} ${k === 1 ? "is" : "are"} needed.`;
  const warning =
    accepted === 0
      ? `Nobody has accepted yet: ${needed}`
      : `Only ${accepted} ${accepted === 1 ? "has" : "have"} accepted so far: ${needed}`;
  return { text, warning };
}
