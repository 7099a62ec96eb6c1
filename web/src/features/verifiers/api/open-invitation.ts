import type { VerifierInvitationView } from "@common/verifiers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Who asks, by the e-mailed link (no account). 404 when the link is invalid, used or expired. */
export const openInvitation = (token: string) =>
  api<VerifierInvitationView>("/api/verifier/invitation", { method: "POST", body: { token } });

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ["verifier-invitation", token],
    queryFn: () => openInvitation(token),
    retry: false,
    staleTime: Infinity,
  });
export const useInvitation = (token: string) => useQuery(invitationQueryOptions(token));
