import type { AccountDeletionView } from "@common/account-deletion";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The signed-in person's pending account deletion, if any (decision 042). */
export const getAccountDeletion = () => api<AccountDeletionView>("/api/account-deletion");

export const accountDeletionQueryKey = ["account-deletion"] as const;
/** Refetched whenever the profile opens: the e-mailed link may have cancelled it meanwhile. */
export const accountDeletionQueryOptions = () =>
  queryOptions({ queryKey: accountDeletionQueryKey, queryFn: getAccountDeletion, staleTime: 0 });
export const useAccountDeletion = () => useQuery(accountDeletionQueryOptions());
