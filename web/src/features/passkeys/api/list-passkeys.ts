import type { PasskeyList } from "@common/passkeys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const passkeysQueryKey = ["passkeys"] as const;

/** The account's passkeys (name and when each was added). */
export const listPasskeys = () => api<PasskeyList>("/api/passkeys");

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: passkeysQueryKey, queryFn: listPasskeys });

export const usePasskeys = () => useQuery(passkeysQueryOptions());
