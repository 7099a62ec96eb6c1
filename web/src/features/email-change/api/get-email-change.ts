import type { PendingEmailChangeView } from "@common/email-change";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The signed-in person's change of address waiting for its confirmation link, if any (decision 043). */
export const getEmailChange = () => api<PendingEmailChangeView>("/api/email-change");

export const emailChangeQueryKey = ["email-change"] as const;
/** Refetched whenever the profile opens: the link may have been opened meanwhile. */
export const emailChangeQueryOptions = () =>
  queryOptions({ queryKey: emailChangeQueryKey, queryFn: getEmailChange, staleTime: 0 });
export const useEmailChange = () => useQuery(emailChangeQueryOptions());
