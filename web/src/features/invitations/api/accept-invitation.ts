import type { InvitationCheckResult } from "@common/invitations";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";

/** The firm a client invitation sent to the signed-in account's address is from (or that it is not usable). */
export const checkOwnInvitation = (email: string, code: string) =>
  api<InvitationCheckResult>(
    `/api/invitations/check?email=${encodeURIComponent(email)}&code=${encodeURIComponent(code)}`,
  );

export const ownInvitationQueryOptions = (email: string, code: string) =>
  queryOptions({
    queryKey: ["own-invitation", email, code],
    queryFn: () => checkOwnInvitation(email, code),
    staleTime: Infinity,
  });

export const useOwnInvitation = (email: string, code: string) =>
  useQuery(ownInvitationQueryOptions(email, code));

/** An existing account accepts the invitation after reading what the firm would see (decision 094). */
export const acceptInvitation = (code: string) =>
  api<{ ok: true }>("/api/invitations/accept", { method: "POST", body: { code } });

export function useAcceptInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => qc.invalidateQueries({ queryKey: meQueryKey }),
  });
}
