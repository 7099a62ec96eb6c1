import { useMemo } from "react";
import { useAssetContents } from "../../api/list-asset-contents";
import { useAssets } from "../../api/list-assets";
import { useOwnedTitles } from "../../titles/use-opened-titles";
import type { VaultLogin } from "./check-import-rows";

/**
 * The vault's passwords as the duplicate check compares them: titles, usernames and sites opened
 * here in the browser (memory only). `isChecked` once both have come; an item that
 * does not open is left out. `error` when the vault could not be opened (duplicates unknown).
 */
export function useVaultLogins() {
  const assets = useAssets("password");
  const titled = useOwnedTitles(assets.data);
  const contents = useAssetContents("password");
  const logins = useMemo<VaultLogin[]>(() => {
    if (!titled.rows || !contents.data) return [];
    return titled.rows.flatMap((asset) => {
      const content = contents.data.get(asset.id);
      return content && asset.isTitleOpen
        ? [{ title: asset.title, username: content.username, website: content.website }]
        : [];
    });
  }, [titled.rows, contents.data]);
  const error = assets.error ?? contents.error;
  return { logins, isChecked: !!titled.rows && !!contents.data, error };
}
