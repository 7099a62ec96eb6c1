import type { LegacyItem, LegacyItemKey } from "@common/legacy";
import { useCallback, useMemo } from "react";
import type { Titled } from "@/features/assets/titles/open-titles";
import {
  titleCacheQueryOptions,
  useOpenedTitles,
} from "@/features/assets/titles/use-opened-titles";
import { getAccessKey, useAccessKeysVersion } from "./access-keys";
import { legacyQueryKey } from "./api/list-items";
import { openContentKey } from "./item-key";

type KeyedItem = LegacyItem & { key: LegacyItemKey };

/** Whether this tab can open the item's title now: a clear title, or key material and (unless escrowed) the access key. */
function canShowTitle(item: LegacyItem): boolean {
  if (item.title !== null) return true;
  if (item.key === null || item.encryptedTitle === null) return false;
  if (item.key.kind === "content-key" || item.key.escrowShare !== null) return true;
  return getAccessKey(item.key.beneficiaryKeyId) !== undefined;
}

export type LegacyTitles = {
  /** Items whose titles are opened (or "Cannot be opened"); undefined while they open. */
  titled: Titled<LegacyItem>[] | undefined;
  /** Items whose titles wait: for the access key their owner gave, or for the item to be ready. */
  waiting: LegacyItem[];
};

/**
 * The titles of what was left to the beneficiary (decision 080), opened here with each item's
 * content key: through the beneficiary key (escrowed, or with the access key this tab was given)
 * or the key the server hands over. Items this tab cannot open yet wait, and open as soon as an
 * access key comes. Kept in the portal's queries only while the list shows.
 */
export function useLegacyTitles(items: LegacyItem[]): LegacyTitles {
  const version = useAccessKeysVersion();
  const [shown, waiting] = useMemo(() => {
    const canShow = items.filter(canShowTitle);
    return [canShow, items.filter((item) => !canShow.includes(item))] as const;
    // `version`: an access key that came opens more of them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, version]);
  const contentKeyOf = useCallback(
    (item: LegacyItem) =>
      openContentKey({
        assetId: item.id,
        key: (item as KeyedItem).key,
        accessKey:
          item.key?.kind === "beneficiary-key"
            ? getAccessKey(item.key.beneficiaryKeyId)
            : undefined,
      }),
    [],
  );
  const opened = useOpenedTitles(
    shown,
    contentKeyOf,
    titleCacheQueryOptions([...legacyQueryKey, "titles", version], 0),
  );
  return { titled: opened.rows, waiting };
}
