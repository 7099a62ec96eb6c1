import type { TwoFactorView } from "@common/two-factor";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const twoFactorQueryKey = ["two-factor"] as const;

/** What protects this account's sign-in: on or off, an authenticator app, recovery codes left. */
export const getTwoFactor = () => api<TwoFactorView>("/api/two-factor");

export const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: twoFactorQueryKey, queryFn: getTwoFactor });

export const useTwoFactor = () => useQuery(twoFactorQueryOptions());
