import type { PendingInvitationView } from "@common/invitations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The firm's pending invitations, newest first (firm_admin only): not accepted, revoked or expired. */
export const listInvitations = async () =>
  (await api<{ invitations: PendingInvitationView[] }>("/api/invitations")).invitations;

export const invitationsQueryKey = ["invitations"] as const;
export const invitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationsQueryKey, queryFn: listInvitations });
export const useInvitations = (isEnabled = true) =>
  useQuery({ ...invitationsQueryOptions(), enabled: isEnabled });
