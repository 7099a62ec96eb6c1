import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { dataKeyQueryKey } from "@/lib/keys/api/get-data-key";
import { newDataKey } from "@/lib/crypto/password-keys";
import { newContentKey, toBase64, wrapContentKey } from "@/lib/crypto/vault-crypto";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { sealTitle } from "../seal";
import { titled } from "./open-titles";
import { prefetchOwnedList } from "./prefetch-owned-list";
import { ownedTitlesQueryKey } from "./use-opened-titles";

/**
 * /vault's prefetch on a first visit (decision 106): the list and its titles opened into the
 * cache the screen reads (use-opened-titles.ts), before the screen renders; never a throw.
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function ownedRow(dataKey: CryptoKey, title: string) {
  const id = crypto.randomUUID();
  const contentKey = await newContentKey();
  return {
    id,
    type: "password",
    title: null,
    encryptedTitle: toBase64(await sealTitle(contentKey, id, title)),
    wrappedKey: toBase64(await wrapContentKey(contentKey, dataKey, id)),
  };
}

describe("prefetchOwnedList", () => {
  it("fetches the type's list and opens its titles into the screens' cache", async () => {
    const dataKey = await newDataKey();
    const rows = [await ownedRow(dataKey, "Online Banking"), await ownedRow(dataKey, "Email")];
    const fetch = stubFetch(async (url) =>
      new URL(url, "http://app").search === "?type=password"
        ? json(200, { assets: rows })
        : json(404, {}),
    );
    const queryClient = new QueryClient();
    queryClient.setQueryData(dataKeyQueryKey, dataKey);
    await prefetchOwnedList(queryClient, "password");
    expect(fetchedPaths(fetch)).toEqual(["/api/assets"]);
    const cache = queryClient.getQueryData<Map<string, string | null>>(ownedTitlesQueryKey);
    expect(rows.map((row) => cache && titled(cache, row)?.title)).toEqual([
      "Online Banking",
      "Email",
    ]);
  });

  it("stays quiet when the list cannot be had, leaving the screen to ask and say so", async () => {
    stubFetch(async () => json(500, { error: { code: "internal", message: "down" } }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(dataKeyQueryKey, await newDataKey());
    await expect(prefetchOwnedList(queryClient, "password")).resolves.toBeUndefined();
    expect(queryClient.getQueryData(ownedTitlesQueryKey)).toBeUndefined();
  });
});
