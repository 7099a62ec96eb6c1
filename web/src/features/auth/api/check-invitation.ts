import type { InvitationCheckResult } from "@common/invitations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Whether an invitation link is usable: only for its e-mail, unused, not revoked and unexpired. */
export const checkInvitation = (email: string, code: string) =>
  api<InvitationCheckResult>(
    `/api/invitations/check?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`,
  );

export const checkInvitationQueryOptions = (email: string, code: string) =>
  queryOptions({
    queryKey: ["invitation-check", email, code],
    queryFn: () => checkInvitation(email, code),
    staleTime: Infinity,
  });

export const useCheckInvitation = (link: { email: string; code: string } | null) =>
  useQuery({
    ...checkInvitationQueryOptions(link?.email ?? "", link?.code ?? ""),
    enabled: !!link,
  });
