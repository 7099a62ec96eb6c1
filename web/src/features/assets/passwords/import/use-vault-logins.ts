import { useMemo } from "react";
import { useAssetContents } from "../../api/list-asset-contents";
import { useAssets } from "../../api/list-assets";
import type { VaultLogin } from "./check-import-rows";

/**
 * The vault's passwords as the duplicate check compares them: titles from the list, usernames and
 * sites decrypted here in the browser (memory only). `isChecked` once both have come; an item that
 * does not open is left out. `error` when the vault could not be opened (duplicates unknown).
 */
export function useVaultLogins() {
  const assets = useAssets("password");
  const contents = useAssetContents("password");
  const logins = useMemo<VaultLogin[]>(() => {
    if (!assets.data || !contents.data) return [];
    return assets.data.flatMap((asset) => {
      const content = contents.data.get(asset.id);
      return content
        ? [{ title: asset.title, username: content.username, website: content.website }]
        : [];
    });
  }, [assets.data, contents.data]);
  const error = assets.error ?? contents.error;
  return { logins, isChecked: !!assets.data && !!contents.data, error };
}
