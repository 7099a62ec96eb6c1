import {
  ACTIVITY_KINDS,
  FIRM_ACTIVITY_KINDS,
  type ActivityEvent,
  type ActivityKind,
  type FirmActivityKind,
} from "../../common/activity.js";
import type { EventRow } from "./queries.js";

/** What a page's events name, read as the viewer may read it (service.ts). */
export type Names = {
  viewerId: string;
  people: Map<string, string>;
  firms: Map<string, string>;
  /** The owner's items that still exist, by type: titles are sealed (docs/decisions/080). */
  items: Map<string, { type: string }>;
  codes: Map<string, string>;
};

const ITEM_WORD: Record<string, string> = {
  password: "password",
  document: "document",
  note: "note",
  estate: "estate inventory entry",
  wishes: "page of final wishes",
};
const ROLE_WORD: Record<string, string> = {
  firm_admin: "an administrator",
  firm_staff: "a staff member",
  firm_assistant: "a read-only assistant",
  regular_user: "a client",
};

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const kindOf = <K extends string>(kinds: Record<K, readonly string[]>, action: string) =>
  (Object.keys(kinds) as K[]).find((k) => kinds[k].includes(action));

/**
 * "the note" while it exists, "a note" once it is deleted: never its title, which is sealed in the
 * owner's browser (docs/decisions/080); the event's itemId lets the browser show it.
 */
function itemOf(names: Names, id: unknown, fallbackType: unknown): string {
  const item = typeof id === "string" ? names.items.get(id) : undefined;
  const word = ITEM_WORD[item?.type ?? text(fallbackType) ?? ""] ?? "item";
  return item ? `the ${word}` : `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`;
}

/** The item an owner's event names: an item's own change, or a beneficiary's opening of it. */
function itemIdOf(row: EventRow): string | undefined {
  if (row.action.startsWith("asset.")) return row.subjectId ?? undefined;
  if (row.action.startsWith("legacy.")) return text(row.details?.assetId) ?? undefined;
  return undefined;
}

/** "From Chrome on macOS" as the sign-in's row kept it (common/activity.ts deviceOf). */
function deviceText(details: EventRow["details"]): string {
  const browser = text(details?.browser);
  const os = text(details?.os);
  if (!browser && !os) return "an unknown device";
  return `${browser ?? "an unknown browser"} on ${os ?? "an unknown system"}`;
}

/** Someone from a firm, as the owner sees them: "Jane Smith (Smith & Co)". */
function firmPerson(row: EventRow, names: Names): string {
  const name = (row.actorId && names.people.get(row.actorId)) || "Someone";
  const firm = row.firmId ? names.firms.get(row.firmId) : undefined;
  return firm ? `${name} (${firm})` : `${name} from your firm`;
}

function ownerText(row: EventRow, n: Names): string {
  const d = row.details;
  const isMe = row.actorId === n.viewerId;
  const who = isMe ? "You" : firmPerson(row, n);
  const firm = (row.firmId && n.firms.get(row.firmId)) || "a firm";
  const beneficiary = text(d?.beneficiary) ?? "a beneficiary";
  switch (row.action) {
    case "auth.session_created":
      return `You signed in from ${deviceText(d)}`;
    case "auth.code_failed":
      return d?.factor === "recovery_code"
        ? "A wrong recovery code was entered for your account"
        : "A wrong sign-in code was entered for your account";
    case "auth.factor_added":
      return "You added an authenticator app to your sign-in";
    case "auth.factor_removed":
      return "You removed the authenticator app from your sign-in";
    case "auth.recovery_codes_renewed":
      return "You made new recovery codes; the old ones no longer work";
    case "auth.recovery_code_used":
      return "You signed in with a recovery code";
    case "auth.passkey_added":
      return "You added a passkey to your sign-in";
    case "auth.passkey_renamed":
      return "You renamed a passkey";
    case "auth.passkey_removed":
      return "You removed a passkey from your sign-in";
    case "auth.session_revoked":
      return "You signed a device out";
    case "auth.other_sessions_revoked":
      return "You signed out every other device";
    case "auth.email_change_requested":
      return "You asked to change your e-mail address";
    case "auth.email_changed":
      return "Your e-mail address was changed";
    case "auth.email_change_undone":
      return "The change of your e-mail address was undone and every device signed out";
    case "auth.email_change_cancelled":
      return "You cancelled the change of your e-mail address";
    case "account.deletion_requested":
      return "You asked to delete your account";
    case "account.deletion_cancelled":
      return d?.via === "link"
        ? "The deletion of your account was cancelled with the e-mailed link"
        : "You cancelled the deletion of your account";
    case "asset.created":
      return `You added ${itemOf(n, row.subjectId, d?.type)}`;
    case "asset.updated":
      return `You changed ${itemOf(n, row.subjectId, d?.type)}`;
    case "asset.deleted":
      return `You deleted ${itemOf(n, row.subjectId, d?.type)}`;
    case "vault.key_fetched":
      return "Your vault key was sent to your browser";
    case "keys.beneficiary_key_created":
      return `You made an access key for ${beneficiary}`;
    case "keys.access_key_handed_over":
      return `You marked the access key for ${beneficiary} as handed over`;
    case "keys.escrow_chosen":
      return `You chose to let us keep a share of the access key for ${beneficiary}`;
    case "impersonation.started":
      return `${who} started viewing your vault as client`;
    case "client_dashboard.viewed":
      return `${who} viewed your vault as client`;
    case "impersonation.ended":
      return `${who} stopped viewing your vault as client`;
    case "firm.joined":
      return `You joined ${firm}`;
    case "invitation.accepted":
      return `You accepted an invitation from ${firm}`;
    case "firm.left":
      return d?.attestationCancelled === true
        ? `You left ${firm}; the release it had attested for you was cancelled`
        : `You left ${firm}`;
    case "firm.claimed":
      return `You became an administrator of ${firm}`;
    case "staff.role_changed":
      return `${who} made you ${ROLE_WORD[text(d?.role) ?? ""] ?? "a member"}`;
    case "staff.removed":
      return `${who} removed you from ${firm}`;
    default:
      return releaseText(row, { who: isMe || !row.actorId ? null : who, beneficiary, names: n });
  }
}

function releaseText(
  row: EventRow,
  { who, beneficiary, names }: { who: string | null; beneficiary: string; names: Names },
): string {
  const d = row.details;
  switch (row.action) {
    case "release.plan_changed":
      return "You changed your release plan";
    case "release.check_in":
      return "You checked in: your release plan's countdown started again";
    case "release.reminder_sent":
      return "We e-mailed you a reminder to check in";
    case "release.started":
      if (d?.trigger === "verifiers")
        return "Your verifiers confirmed a report: your release's waiting period began";
      return who
        ? `${who} attested for you: your release's waiting period began`
        : "You did not check in: your release's waiting period began";
    case "release.document_added":
      return `${who ?? "Your firm"} added a document to the attestation`;
    case "release.wait_reminder_sent":
      return "We e-mailed you that your release happens tomorrow";
    case "release.cancelled":
      return "Your release was cancelled";
    case "release.released":
      return "Your vault was released to your beneficiaries";
    case "release.access_ended":
      return "Your beneficiaries' access ended";
    case "release.paused":
      return "You paused your release plan while you are away";
    case "release.pause_ended":
      return "You ended your pause";
    case "release.escalation_started":
      return "You did not check in: we asked your verifiers to try to reach you";
    case "release.escalation_answered":
      return d?.answer === "reached"
        ? "A verifier told us they reached you"
        : "A verifier told us they could not reach you";
    case "release.escalation_held":
      return "Nothing was released: you asked that a verifier answers first";
    case "release.escalation_closed":
      return "You checked in: your verifiers were told nothing more is needed";
    case "verifier.invited":
      return d?.kind === "firm" ? "You asked your firm to be a verifier" : "You invited a verifier";
    case "verifier.invitation_resent":
      return "You sent a verifier's invitation again";
    case "verifier.removed":
      return d?.reason === "left_firm"
        ? "Your former firm is no longer a verifier"
        : "You removed a verifier";
    case "verifier.threshold_changed":
      return `You chose that ${typeof d?.threshold === "number" ? d.threshold : "some"} verifier(s) must confirm`;
    case "verifier.accepted":
      return d?.kind === "firm" ? "Your firm accepted to be a verifier" : "A verifier accepted";
    case "verifier.declined":
      return d?.kind === "firm" ? "Your firm declined to be a verifier" : "A verifier declined";
    case "verifier.check_answered":
      return "A verifier answered the yearly check: they can still be reached";
    case "verifier_report.made":
      return d?.kind === "incapacity"
        ? "A verifier reported that you can no longer manage your affairs"
        : "A verifier reported that you have died";
    case "verifier_report.confirmed":
      return "Another verifier confirmed the report about you";
    case "verifier_report.wait_started":
      return "Enough verifiers confirmed the report: your release's waiting period began";
    case "verifier_report.stopped":
      return d?.via === "heard"
        ? "A verifier heard from you: the report about you was stopped"
        : "You said you are fine: the report about you was stopped";
    case "verifier_report.incapacity_started":
      return "Enough verifiers confirmed it: your caregivers' wait began";
    case "incapacity.settings_saved":
      return "You changed how long your caregivers wait and can read";
    case "incapacity.item_marked":
      return d?.caregivers === 0
        ? `You stopped sharing ${itemOf(names, d?.assetId, null)} with caregivers`
        : `You chose caregivers for ${itemOf(names, d?.assetId, null)}`;
    case "incapacity.started":
      return "Your caregivers' wait began: sign in to stop it";
    case "incapacity.opened":
      return "Your caregivers can now read the items you marked";
    case "incapacity.item_viewed":
      return `Your caregiver ${text(d?.caregiver) ?? "someone"} opened ${itemOf(names, d?.assetId, null)}`;
    case "incapacity.ended":
      return d?.via === "expired"
        ? "Your caregivers' access ended: the time you set had passed"
        : d?.via === "released"
          ? "Your caregivers' access ended with your release"
          : "Your caregivers' access ended";
    case "legacy.signed_in":
      return `Your beneficiary ${beneficiary} signed in`;
    case "legacy.item_viewed":
      return `Your beneficiary ${beneficiary} opened ${itemOf(names, d?.assetId, null)}`;
    case "release.item_delivered":
      return `Your beneficiary ${beneficiary} was given ${itemOf(names, d?.assetId, null)} you chose to deliver later`;
    case "release.fallback_activated":
      return `${itemOf(names, d?.assetId, null).replace(/^./, (c) => c.toUpperCase())} went to ${beneficiary}, next in the order you chose`;
    case "release.beneficiary_reported_dead":
      return `Your firm reported that your beneficiary ${beneficiary} has died`;
    case "legacy.file_downloaded":
      return `Your beneficiary ${beneficiary} downloaded a file of ${itemOf(names, d?.assetId, null)}`;
    default:
      return "Something happened on your account";
  }
}

function firmText(row: EventRow, n: Names): string {
  const d = row.details;
  const who = (row.actorId && n.people.get(row.actorId)) || "A former member";
  const whom = (row.ownerId && n.people.get(row.ownerId)) || "a former member";
  const code = row.subjectId ? n.codes.get(row.subjectId) : undefined;
  const role = ROLE_WORD[text(d?.role) ?? ""] ?? "a member";
  switch (row.action) {
    case "invitation.sent":
      return `${who} invited ${role === "a client" ? "a new client" : `${role} to join`}`;
    case "invitation.resent":
      return `${who} sent an invitation again`;
    case "invitation.revoked":
      return `${who} withdrew an invitation`;
    case "client_import.started":
      return `${who} started inviting ${Number(row.details?.invitations ?? 0).toLocaleString("en-US")} clients from an imported file`;
    case "client_import.finished":
      return `${Number(row.details?.invited ?? 0).toLocaleString("en-US")} invitations from an imported file were queued`;
    case "reminders.started": {
      const clients = Number(row.details?.clients ?? 0).toLocaleString("en-US");
      return row.actorId
        ? `${who} started sending reminders to ${clients} clients with incomplete plans`
        : `The monthly reminders to ${clients} clients with incomplete plans started`;
    }
    case "reminders.finished":
      return `${Number(row.details?.sent ?? 0).toLocaleString("en-US")} reminders to clients were sent`;
    case "reminders.template_saved":
      return `${who} changed the reminder e-mail`;
    case "firm_code.created":
      return `${who} created the firm code ${code ?? ""}`.trimEnd();
    case "firm_code.deactivated":
      return `${who} deactivated the firm code ${code ?? ""}`.trimEnd();
    case "firm.created":
      return row.actorId ? `${who} registered the firm` : "The firm was registered";
    case "firm.claimed":
      return `${who} became an administrator of the firm`;
    case "firm.joined":
      return `${who} joined the firm with a code`;
    case "invitation.accepted":
      return `${who} accepted an invitation and joined as ${role}`;
    case "firm.left":
      // a client who left is no longer the firm's to name (row-level security)
      return `${(row.ownerId && n.people.get(row.ownerId)) || "A client"} left the firm`;
    case "staff.role_changed":
      return `${who} made ${whom} ${role}`;
    case "staff.removed":
      return `${who} removed ${whom} from the firm`;
    case "impersonation.started":
      return `${who} started viewing ${whom}'s vault as client`;
    case "client_dashboard.viewed":
      return `${who} viewed ${whom}'s vault as client`;
    case "impersonation.ended":
      return `${who} stopped viewing ${whom}'s vault as client`;
    case "release.started":
      return `${who} attested for ${whom}: the release's waiting period began`;
    case "release.beneficiary_reported_dead":
      // names, never the address (decision 105)
      return `${who} reported that a beneficiary of ${whom} has died`;
    case "firm.updated":
      return `${who} changed the firm's details`;
    case "firm.logo_changed":
      return `${who} changed the firm's logo`;
    case "firm_activity.exported":
      return `${who} downloaded the firm's activity as a spreadsheet`;
    case "plan_status.exported":
      return `${who} downloaded the clients' plan status as a spreadsheet`;
    default:
      return "Something happened in the firm";
  }
}

const base = (row: EventRow) => ({ id: String(row.id), at: row.at.toISOString() });

export function presentOwnerEvent(row: EventRow, names: Names): ActivityEvent {
  const kind = kindOf<ActivityKind>(ACTIVITY_KINDS, row.action) ?? "sign_in";
  const itemId = itemIdOf(row);
  return { ...base(row), kind, text: ownerText(row, names), ...(itemId ? { itemId } : {}) };
}

export function presentFirmEvent(row: EventRow, names: Names): ActivityEvent {
  const kind = kindOf<FirmActivityKind>(FIRM_ACTIVITY_KINDS, row.action) ?? "details";
  return { ...base(row), kind, text: firmText(row, names) };
}
