import {
  CLIENT_EDITOR_ROLES,
  CLIENT_READER_ROLES,
  ROLES,
  hasRole,
  type Role,
} from "../common/app.js";
import { API_MSG, type ApiScope } from "../common/firm-api.js";
import { AppError } from "./errors.js";

/** Who is asking, as far as permissions go: the profile's role and firm. */
export type ActorProfile = { id: string; role: Role; firmId: string | null };

/** The actor of a user row's copy of role and firm; null until the profile (and so the role) exists. */
export function actorOf(user: {
  id: string;
  role?: string | null;
  firmId?: string | null;
}): ActorProfile | null {
  const role = ROLES.find((r) => r === user.role);
  return role ? { id: user.id, role, firmId: user.firmId ?? null } : null;
}

/**
 * The actor's firm (or a client's): its id. Every rule that names a firm already refuses someone in
 * none; this states it for the code after the check. No firm answers the NOT_FOUND a missing
 * record gets, as a query for the firm "" did.
 */
export function requireFirm(who: { firmId: string | null }): string {
  if (!who.firmId) throw new AppError("NOT_FOUND");
  return who.firmId;
}

/**
 * The firm whose client `who` is, or null: a regular user who joined a firm. The firm's own staff
 * and admins carry its id too, but are not its clients.
 */
export const clientFirmOf = (who: { firmId: string | null; role: string }): string | null =>
  who.role === "regular_user" ? who.firmId : null;

export type Action =
  | "firm:read" // see the firm's details
  | "firm:edit" // change name, phone, address, logo
  | "firm-codes:manage" // list, create, deactivate firm codes
  | "staff:manage" // list staff, change roles, remove staff
  | "invitations:send" // invite staff or clients
  | "invitations:manage" // list, resend and revoke the firm's pending invitations
  | "clients:read" // list clients and read their profiles
  | "firm-activity:read" // the firm's activity timeline (docs/decisions/040)
  | "reminders:manage" // the firm's reminder template, its sends and who opted out (decision 100)
  | "clients:edit" // the firm's own reference and notes about a client (/clients/edit/{id})
  | "firm:join" // join a firm with a code
  | "firm:leave" // a client leaves their firm (decision 047)
  | "firm:register" // register a firm and become its first admin (decision 034)
  | "account:own" // the sign-in details of account `ownerId`: its e-mail address (decision 043)
  | "vault:own" // the data key, assets, their files and beneficiaries of `ownerId`
  | "account:delete" // start or cancel the deletion of the account `ownerId` (decision 042)
  | "release:attest" // start a client's release by attesting death or incapacity (issue 5)
  | "release:report-death" // report that a beneficiary of a client's release has died (decision 105)
  | "release-evidence:read" // download the signed evidence of a client's release (decision 079)
  | "verifiers:manage" // name, remove and re-invite the verifiers of `ownerId`, set k (decision 081)
  | "verifier:answer-for-firm" // accept or decline, for the firm, being a client's verifier (decision 081)
  | "milestones:confirm-for-firm" // see and confirm a client's milestones that the firm confirms (decision 109)
  | "firm-api:manage"; // the firm's API keys and webhooks (decision 101)

export type Resource = { firmId?: string | null; role?: Role; ownerId?: string };
type Rule = (actor: ActorProfile, resource: Resource) => boolean;

const isMember = (a: ActorProfile, r: Resource) =>
  !!a.firmId && (r.firmId === undefined || r.firmId === a.firmId);
/** Admins, staff and read-only assistants see clients; only admins and staff change anything (decision 084). */
const readsClients = (a: ActorProfile) => hasRole(CLIENT_READER_ROLES, a.role);
const editsClients = (a: ActorProfile) => hasRole(CLIENT_EDITOR_ROLES, a.role);

/** An admin of the client's own firm, for a client: never staff, another firm, or oneself. */
const adminForClient: Rule = (a, r) =>
  a.role === "firm_admin" &&
  !!r.firmId &&
  isMember(a, r) &&
  r.role === "regular_user" &&
  r.ownerId !== a.id;

/** Every permission rule of the product, in one place (spec 01 §6, 02 §6, SECURITY.md Access). */
const RULES: Record<Action, Rule> = {
  "firm:read": (a, r) => isMember(a, r),
  "firm:edit": (a, r) => a.role === "firm_admin" && isMember(a, r),
  "firm-codes:manage": (a, r) => a.role === "firm_admin" && isMember(a, r),
  "staff:manage": (a, r) => a.role === "firm_admin" && isMember(a, r),
  // staff invite clients; only admins invite staff or admins
  "invitations:send": (a, r) =>
    editsClients(a) && isMember(a, r) && (a.role === "firm_admin" || r.role === "regular_user"),
  // a link sent to the wrong address is taken back by an admin of the firm that sent it (issue 10, finding 11)
  "invitations:manage": (a, r) => a.role === "firm_admin" && isMember(a, r),
  "clients:read": (a, r) => readsClients(a) && isMember(a, r),
  // the firm's own audit trail: its admins only, like staff management and codes (decision 040)
  "firm-activity:read": (a, r) => a.role === "firm_admin" && isMember(a, r),
  // e-mails to every client with an incomplete plan, in the firm's name: its admins only (decision 100)
  "reminders:manage": (a, r) => a.role === "firm_admin" && isMember(a, r),
  // admins and staff alike: staff "can access and manage client data" (spec 02 §2 Staff); decision 041;
  // never a read-only assistant (decision 084)
  "clients:edit": (a, r) => editsClients(a) && isMember(a, r),
  "firm:join": (a) => a.role === "regular_user" && !a.firmId,
  // a client only: staff and admins leave through an admin (staff removal), never by themselves
  "firm:leave": (a, r) => a.role === "regular_user" && isMember(a, r),
  "firm:register": (a) => a.role === "regular_user" && !a.firmId,
  // the vault is its owner's alone, whatever their role: no firm admin or staff ever reaches a client's
  "account:own": (a, r) => !!r.ownerId && r.ownerId === a.id,
  "vault:own": (a, r) => !!r.ownerId && r.ownerId === a.id,
  // one's own account only: no firm admin deletes a client's or a staff member's account
  "account:delete": (a, r) => !!r.ownerId && r.ownerId === a.id,
  // only an admin of the client's own firm, for a client (never staff, never another firm, never oneself)
  "release:attest": adminForClient,
  // as for attesting: only an admin of the client's own firm, for a client, never oneself
  "release:report-death": adminForClient,
  // the admins of the client's own firm, as for attesting: never staff, another firm, or a non-client
  "release-evidence:read": (a, r) =>
    a.role === "firm_admin" && !!r.firmId && isMember(a, r) && r.role === "regular_user",
  // the owner's own verifiers only: no firm admin or staff names or removes a client's
  "verifiers:manage": (a, r) => !!r.ownerId && r.ownerId === a.id,
  // the firm is a verifier as a whole, acted for by its admins: an admin of the client's current firm
  "verifier:answer-for-firm": (a, r) =>
    a.role === "firm_admin" &&
    !!r.firmId &&
    isMember(a, r) &&
    r.role === "regular_user" &&
    r.ownerId !== a.id,
  // a milestone the owner left to "my firm" is the firm's word, given by its admins: as for attesting
  "milestones:confirm-for-firm": adminForClient,
  // keys and webhooks reach the firm's clients from outside: its admins only, like staff and codes
  "firm-api:manage": (a, r) => a.role === "firm_admin" && isMember(a, r),
};

export function can(actor: ActorProfile, action: Action, resource: Resource = {}): boolean {
  return RULES[action](actor, resource);
}

/**
 * A refusal by these rules. It is the NOT_FOUND that a missing record gets, word for word, so the
 * client learns nothing; the server's error handler also audits it as "access.denied".
 */
export class AccessDenied extends AppError {
  constructor(
    readonly actor: ActorProfile,
    readonly action: Action,
    readonly resource: Resource,
  ) {
    super("NOT_FOUND");
  }
}

/**
 * Throws NOT_FOUND (an AccessDenied) when the actor may not do `action` on `resource`: a forbidden
 * record answers exactly like a missing one, so ids reveal nothing.
 */
export function requireAccess(actor: ActorProfile, action: Action, resource: Resource = {}): void {
  if (!can(actor, action, resource)) throw new AccessDenied(actor, action, resource);
}

/**
 * A firm API key calling /api/v1 (decision 101): it acts for its firm through the rules above (as
 * the admin who made it), and besides may do only what its scopes name. Out of scope answers 403
 * and changes nothing (SECURITY.md, Machines that call us): the key is the firm's, so there is no
 * record to hide.
 */
export function requireScope(key: { scopes: readonly string[] }, scope: ApiScope): void {
  if (!key.scopes.includes(scope)) throw new AppError("FORBIDDEN", API_MSG.scopeMissing(scope));
}
