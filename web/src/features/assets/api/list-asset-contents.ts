import type { AssetContentsPageView, AssetType, ContentOf } from "@common/assets";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { fromBase64 } from "@/lib/crypto/vault-crypto";
import { useDataKey } from "@/lib/keys/api/get-data-key";
import { openAsset } from "../seal";
import { assetsQueryKey } from "./list-assets";
import { plaintextMeta } from "@/lib/keys/vault-lock";

export const listAssetContentsPage = ({ type, after }: { type?: AssetType; after?: string }) => {
  const params = new URLSearchParams();
  if (type) params.set("type", type);
  if (after) params.set("after", after);
  const query = params.size ? `?${params.toString()}` : "";
  return api<AssetContentsPageView>(`/api/assets/contents${query}`);
};

/** How far opening the vault is: items decrypted of those fetched so far (`isDone` after the last page). */
export type OpenProgress = { opened: number; fetched: number; isDone: boolean };

/** Decrypted contents by asset id; the type comes from the list's metadata. */
export type OpenedContents<T extends AssetType = AssetType> = Map<string, ContentOf<T>>;

/** One item as it came: its content key and content, or null when it does not open (a damaged ciphertext). */
export type AssetContentItem<T extends AssetType = AssetType> = {
  id: string;
  opened: { contentKey: CryptoKey; content: ContentOf<T> } | null;
  /** Items fetched so far, this one included. */
  fetched: number;
};

/**
 * Every content of the owner's vault (or of one type), fetched a page at a time and decrypted
 * here, one item at a time, in memory only; `signal` stops between items.
 */
export async function* eachAssetContent<T extends AssetType = AssetType>(
  dataKey: CryptoKey,
  { type, signal }: { type?: T; signal?: AbortSignal },
): AsyncGenerator<AssetContentItem<T>> {
  let fetched = 0;
  let after: string | undefined;
  for (;;) {
    const page = await listAssetContentsPage({ type, after });
    fetched += page.contents.length;
    for (const c of page.contents) {
      signal?.throwIfAborted();
      let opened: AssetContentItem<T>["opened"] = null;
      try {
        opened = await openAsset<T>(dataKey, {
          id: c.id,
          wrappedKey: fromBase64(c.wrappedKey),
          encryptedData: fromBase64(c.encryptedData),
        });
      } catch {
        // left to the caller: its own screen says what is wrong with it
      }
      yield { id: c.id, opened, fetched };
    }
    if (!page.next) break;
    after = page.next;
  }
}

/**
 * Every content of the owner's vault (or of one type), decrypted (eachAssetContent). An item that
 * does not open is left out rather than failing the rest; `signal` stops between items.
 */
export async function openAssetContents<T extends AssetType = AssetType>(
  dataKey: CryptoKey,
  {
    type,
    onProgress,
    signal,
  }: { type?: T; onProgress?: (p: OpenProgress) => void; signal?: AbortSignal },
): Promise<OpenedContents<T>> {
  const opened: OpenedContents<T> = new Map();
  let fetched = 0;
  for await (const item of eachAssetContent<T>(dataKey, { type, signal })) {
    fetched = item.fetched;
    // Shown by title only; its own screen says what is wrong with it.
    if (item.opened) opened.set(item.id, item.opened.content);
    onProgress?.({ opened: opened.size, fetched, isDone: false });
  }
  onProgress?.({ opened: opened.size, fetched, isDone: true });
  return opened;
}

/** The decrypted contents of one type for its list (usernames and sites of the passwords); memory only. */
export const assetContentsQueryOptions = <T extends AssetType>(
  type: T,
  dataKey: CryptoKey | undefined,
  isWanted = true,
) =>
  queryOptions({
    queryKey: [...assetsQueryKey, "contents", type],
    queryFn: () => {
      if (!dataKey) throw new Error("no data key");
      return openAssetContents<T>(dataKey, { type });
    },
    enabled: !!dataKey && isWanted,
    staleTime: 0,
    gcTime: 0, // decrypted content leaves memory as soon as no screen shows it
    meta: plaintextMeta, // a lock removes it (decision 046)
    retry: false,
  });

/**
 * `isWanted` false holds the decryption back (a list opens its titles first: the rows wait for
 * them, and both would share the browser's main thread).
 */
export function useAssetContents<T extends AssetType>(type: T, { isWanted = true } = {}) {
  const key = useDataKey();
  const contents = useQuery(assetContentsQueryOptions(type, key.data, isWanted));
  return { ...contents, error: key.error ?? contents.error };
}
