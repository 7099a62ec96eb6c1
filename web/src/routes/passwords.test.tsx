import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importDataKey } from "@/lib/crypto/vault-crypto";
import { dataKeyQueryKey } from "@/lib/keys/api/get-data-key";
import { clearVault, setDataKeyInMemory } from "@/lib/keys/vault-state";
import { fakeAsset, fakeAssetsFetch, newFakeAssetsServer } from "@/testing/fake-assets-api";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import PasswordsScreen from "./passwords";

/**
 * /vault opens its titles before it decrypts usernames and sites (issue 39: with 1,000 items both
 * at once held the first rows back): the contents are fetched only once the rows can show.
 */

let dataKey: CryptoKey;
beforeEach(async () => {
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
});
afterEach(() => clearVault());

describe("the password list", () => {
  it("fetches the contents only after the list's titles have opened", async () => {
    const server = newFakeAssetsServer([
      await fakeAsset({ dataKey, type: "password", title: "Bank" }),
    ]);
    const assetsApi = fakeAssetsFetch(() => server);
    let isListAnswered = false;
    const contentsAsked: boolean[] = []; // for each contents request: was the list answered then?
    let answerList: () => void = () => {};
    const listHeld = new Promise<void>((resolve) => (answerList = resolve));
    stubFetch(async (url, init) => {
      if (url.startsWith("/api/assets/contents")) {
        contentsAsked.push(isListAnswered);
        return new Response(JSON.stringify({ contents: [], next: null }), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }
      await listHeld;
      isListAnswered = true;
      return assetsApi(url, init);
    });
    setDataKeyInMemory(dataKey);
    const { queryClient } = renderScreen(<PasswordsScreen />);
    // The tab's key is there and the screen has rendered with it, the list still on its way.
    await expect
      .poll(() => queryClient.getQueryData(dataKeyQueryKey), { timeout: 10_000 })
      .toBeDefined();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    answerList();
    expect(await screen.findByRole("link", { name: "Bank" }, { timeout: 10_000 })).toBeTruthy();
    await expect.poll(() => contentsAsked.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(contentsAsked).toEqual([true]);
  });
});
