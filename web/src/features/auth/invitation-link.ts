import type { Role } from "@common/app";
import { useCheckInvitation } from "./api/check-invitation";

/** An invitation link to /register carries ?email=&code= (spec 01 §2 /register). */
export type InvitationLink = { email: string; code: string };

/** The result of checking an invitation (spec 01 §3): valid flag, firm name and role; and whether the firm revoked it. */
export type InvitationCheck = {
  valid: boolean;
  firmName: string | null;
  role: Role | null;
  isRevoked: boolean;
};

export function readInvitationLink(params: URLSearchParams): InvitationLink | null {
  const email = params.get("email")?.trim();
  const code = params.get("code")?.trim();
  return email && code ? { email, code } : null;
}

/** What is known about the link's invitation: null without a link or while it is being checked. */
export function useInvitationCheck(link: InvitationLink | null): InvitationCheck | null {
  const { data, isError } = useCheckInvitation(link);
  if (!link) return null;
  if (isError) return { valid: false, firmName: null, role: null, isRevoked: false };
  if (!data) return null;
  if (!data.valid)
    return { valid: false, firmName: null, role: null, isRevoked: data.reason === "revoked" };
  return { valid: true, firmName: data.firmName, role: data.role, isRevoked: false };
}
