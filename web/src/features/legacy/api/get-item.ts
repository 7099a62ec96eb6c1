import type { LegacyItem, LegacyItemDetail } from "@common/legacy";
import type { AssetType, ContentOf } from "@common/assets";
import type { AssetFileKind } from "@common/assets/files";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { decryptJson } from "@/lib/crypto/vault-crypto";
import { forgetAccessKey, getAccessKey, restoreAccessKeys } from "../access-keys";
import { openTitle } from "@/features/assets/seal";
import { TITLE_NOT_OPENED } from "@/features/assets/titles/open-titles";
import {
  decode,
  MissingAccessKeyError,
  openContentKey,
  openMessageKey,
  WrongAccessKeyError,
} from "../item-key";
import { legacyQueryKey } from "./list-items";

export const getLegacyItem = (id: string) =>
  api<{ item: LegacyItemDetail }>(`/api/legacy/items/${encodeURIComponent(id)}`).then(
    (r) => r.item,
  );

/** Where a released item's file (ciphertext) is, for downloadAssetFile. */
export const legacyFilePath = (id: string, kind: AssetFileKind) =>
  `/api/legacy/items/${encodeURIComponent(id)}/files/${kind}`;

/** An opened item's listing, its title opened too ("Cannot be opened" when it does not). */
export type OpenedLegacyListing = Omit<LegacyItem, "key" | "title"> & { title: string };

type Opened<T extends AssetType> = {
  type: T;
  item: OpenedLegacyListing;
  contentKey: CryptoKey;
  content: ContentOf<T>;
};
/** A released item, decrypted in the browser (`type` tells the content's shape). */
export type OpenedLegacyItem = { [T in AssetType]: Opened<T> }[AssetType];

/**
 * The item is wrapped with a beneficiary key whose access key this tab does not have (or the one
 * it had does not open it: `isWrongKey`). Carries the fetched ciphertext, so that the key the
 * beneficiary enters is tried here before it is kept.
 */
export class AccessKeyNeededError extends Error {
  constructor(
    readonly detail: LegacyItemDetail,
    readonly keyId: string,
    readonly isWrongKey: boolean,
  ) {
    super("An access key is needed");
  }
}

/**
 * Decrypts a fetched item: its content key (see openContentKey), then its content. `accessKey`:
 * the one the beneficiary brought, for an item wrapped with a beneficiary key that is not escrowed.
 */
export async function openLegacyItemDetail(
  detail: LegacyItemDetail,
  accessKey: Uint8Array | undefined,
): Promise<OpenedLegacyItem> {
  const { key, encryptedData, files: _files, waitingShare, ...item } = detail;
  const itemKey = await openContentKey({
    assetId: item.id,
    key,
    accessKey,
    extractable: waitingShare !== null,
  });
  // a message's content and recording open with MK, derived with its waiting share (decision 089)
  const contentKey = waitingShare
    ? await openMessageKey({ assetId: item.id, key, itemKey, waitingShare })
    : itemKey;
  const content = await decryptJson<ContentOf<AssetType>>(contentKey, decode(encryptedData));
  const title = await openListingTitle(itemKey, item);
  return { type: item.type, item: { ...item, title }, contentKey, content } as OpenedLegacyItem;
}

/** The item's title: clear (never moved over), or opened with its content key (decision 080). */
async function openListingTitle(
  contentKey: CryptoKey,
  item: Pick<LegacyItem, "id" | "title" | "encryptedTitle">,
): Promise<string> {
  if (item.title !== null) return item.title;
  if (item.encryptedTitle === null) return TITLE_NOT_OPENED;
  return openTitle(contentKey, item.id, decode(item.encryptedTitle)).catch(() => TITLE_NOT_OPENED);
}

async function openLegacyItem(id: string): Promise<OpenedLegacyItem> {
  const [detail] = await Promise.all([getLegacyItem(id), restoreAccessKeys()]); // after a reload
  return openWithAccessKey(detail);
}

/**
 * Opens `detail` with the access key this tab holds for it; a missing or wrong key becomes
 * AccessKeyNeededError (a wrong one is forgotten), so the screen asks for it.
 */
export async function openWithAccessKey(detail: LegacyItemDetail): Promise<OpenedLegacyItem> {
  const keyId = detail.key.kind === "beneficiary-key" ? detail.key.beneficiaryKeyId : null;
  try {
    return await openLegacyItemDetail(detail, keyId ? getAccessKey(keyId) : undefined);
  } catch (err) {
    if (!keyId || !(err instanceof MissingAccessKeyError || err instanceof WrongAccessKeyError))
      throw err;
    const isWrongKey = err instanceof WrongAccessKeyError;
    if (isWrongKey) forgetAccessKey(keyId);
    throw new AccessKeyNeededError(detail, keyId, isWrongKey);
  }
}

/** The opened items' queries (sign-out forgets them). */
export const legacyItemQueryKey = [...legacyQueryKey, "item"] as const;

/**
 * A DecryptError, an AccessKeyNeededError or the server's answer surfaces as the query's error;
 * never partial data.
 */
export const openLegacyItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...legacyItemQueryKey, id],
    queryFn: () => openLegacyItem(id),
    staleTime: 0,
    gcTime: 0, // decrypted content leaves memory as soon as the item is closed
    retry: false,
  });

export const useOpenLegacyItem = (id: string) => useQuery(openLegacyItemQueryOptions(id));
