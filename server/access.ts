import type { Role } from "../common/app.js";
import { AppError } from "./errors.js";

/** Who is asking, as far as permissions go: the profile's role and firm. */
export type ActorProfile = { id: string; role: Role; firmId: string | null };

export type Action =
  | "firm:read" // see the firm's details
  | "firm:edit" // change name, phone, address, logo
  | "firm-codes:manage" // list, create, deactivate firm codes
  | "staff:manage" // list staff, change roles, remove staff
  | "invitations:send" // invite staff or clients
  | "invitations:manage" // list, resend and revoke the firm's pending invitations
  | "clients:read" // list clients and read their profiles
  | "firm:join" // join a firm with a code
  | "firm:register" // register a firm and become its first admin (decision 034)
  | "vault:own" // the data key, assets, their files and beneficiaries of `ownerId`
  | "release:attest"; // start a client's release by attesting death or incapacity (issue 5)

export type Resource = { firmId?: string | null; role?: Role; ownerId?: string };
type Rule = (actor: ActorProfile, resource: Resource) => boolean;

const isMember = (a: ActorProfile, r: Resource) =>
  !!a.firmId && (r.firmId === undefined || r.firmId === a.firmId);
const isFirmUser = (a: ActorProfile) => a.role === "firm_admin" || a.role === "firm_staff";

/** Every permission rule of the product, in one place (spec 01 §6, 02 §6, SECURITY.md Access). */
const RULES: Record<Action, Rule> = {
  "firm:read": (a, r) => isMember(a, r),
  "firm:edit": (a, r) => a.role === "firm_admin" && isMember(a, r),
  "firm-codes:manage": (a, r) => a.role === "firm_admin" && isMember(a, r),
  "staff:manage": (a, r) => a.role === "firm_admin" && isMember(a, r),
  // staff invite clients; only admins invite staff or admins
  "invitations:send": (a, r) =>
    isFirmUser(a) && isMember(a, r) && (a.role === "firm_admin" || r.role === "regular_user"),
  // a link sent to the wrong address is taken back by an admin of the firm that sent it (issue 10, finding 11)
  "invitations:manage": (a, r) => a.role === "firm_admin" && isMember(a, r),
  "clients:read": (a, r) => isFirmUser(a) && isMember(a, r),
  "firm:join": (a) => a.role === "regular_user" && !a.firmId,
  "firm:register": (a) => a.role === "regular_user" && !a.firmId,
  // the vault is its owner's alone, whatever their role: no firm admin or staff ever reaches a client's
  "vault:own": (a, r) => !!r.ownerId && r.ownerId === a.id,
  // only an admin of the client's own firm, for a client (never staff, never another firm, never oneself)
  "release:attest": (a, r) =>
    a.role === "firm_admin" &&
    !!r.firmId &&
    isMember(a, r) &&
    r.role === "regular_user" &&
    r.ownerId !== a.id,
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
