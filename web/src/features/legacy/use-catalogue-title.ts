import type { LegacyItem } from "@common/legacy";
import { useQuery } from "@tanstack/react-query";
import { combineShares } from "@/lib/crypto/beneficiary-keys";
import { openCatalogueTitle } from "@/lib/crypto/catalogue-title";
import { getAccessKey, useAccessKeysVersion } from "./access-keys";
import { legacyQueryKey } from "./api/list-items";
import { decode } from "./item-key";

export type CatalogueTitleState =
  | { status: "open"; title: string }
  | { status: "needs-key" }
  | { status: "opening" }
  | { status: "unreadable" };

/**
 * A catalogue item's title (docs/decisions/098), opened here with the person's beneficiary key
 * BK = server share XOR access key (the escrowed one, or the one this tab was given). The clear
 * title of an owner who never moved over shows as it is.
 */
export function useCatalogueTitle(item: LegacyItem): CatalogueTitleState {
  const version = useAccessKeysVersion();
  const sealed = item.catalogue ?? null;
  const accessKey = sealed
    ? sealed.escrowShare !== null
      ? decode(sealed.escrowShare)
      : getAccessKey(sealed.beneficiaryKeyId)
    : undefined;
  const opened = useQuery({
    queryKey: [...legacyQueryKey, "catalogue-title", item.id, version],
    enabled: !!sealed && !!accessKey,
    gcTime: 0,
    retry: false,
    queryFn: async () => {
      if (!sealed || !accessKey) throw new Error("no key");
      const bk = combineShares(decode(sealed.serverShare), accessKey);
      try {
        return await openCatalogueTitle(bk, item.id, decode(sealed.sealedTitle));
      } finally {
        bk.fill(0);
      }
    },
  });
  if (item.title !== null) return { status: "open", title: item.title };
  if (!sealed) return { status: "unreadable" };
  if (!accessKey) return { status: "needs-key" };
  if (opened.isError) return { status: "unreadable" };
  if (opened.data === undefined) return { status: "opening" };
  return { status: "open", title: opened.data };
}
