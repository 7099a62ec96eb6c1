import type { QueryClient } from "@tanstack/react-query";
import { dataKeyQueryKey, dataKeyQueryOptions } from "./api/get-data-key";

/**
 * Right after sign-in, before the app is entered (decision 038): opens the vault with the keys the
 * sign-in form handed over, so that this tab holds its copy before any screen can be reloaded, and
 * an account not moved over yet moves over now (its recovery key shows on the first screen).
 * Locked or offline: nothing is thrown; the screens that need the key ask for the password.
 */
export async function openVaultWithSignInKeys(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: dataKeyQueryKey, exact: true }); // a fresh sign-in
  await queryClient.fetchQuery(dataKeyQueryOptions()).catch(() => undefined);
}
