import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { importDataKey } from "@/lib/crypto/vault-crypto";
import { clearVault, setDataKeyInMemory } from "@/lib/keys/vault-state";
import { fakeAsset, fakeAssetsFetch, newFakeAssetsServer } from "@/testing/fake-assets-api";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import PasswordsScreen from "./passwords";

/**
 * /vault's own search box by title (decision 078): the count says how many of how many, a search
 * that finds nothing says so, and Clear brings the whole list back. The journeys keep the search by
 * username (e2e/vault-search.e2e.ts) and the list's axe states (e2e/vault-passwords.e2e.ts).
 */

afterEach(() => clearVault());

const status = () => screen.getByRole("status");
const rowTitles = () =>
  within(screen.getByRole("list", { name: "Passwords" }))
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("the password list's search", () => {
  it("filters by title in any case, says when nothing matches, and clears", async () => {
    const dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
    const server = newFakeAssetsServer([
      await fakeAsset({ dataKey, type: "password", title: "Bank (joint account)" }),
      await fakeAsset({ dataKey, type: "password", title: "Email account" }),
    ]);
    const assetsApi = fakeAssetsFetch(() => server);
    stubFetch(async (url, init) => {
      if (!url.startsWith("/api/assets/contents")) return assetsApi(url, init);
      return new Response(JSON.stringify({ contents: [], next: null }), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    });
    setDataKeyInMemory(dataKey);
    const { user } = renderScreen(<PasswordsScreen />, { path: "/vault" });
    await screen.findByRole("link", { name: "Email account" }, { timeout: 10_000 });
    expect(status().textContent).toBe("2 passwords");

    await user.type(screen.getByLabelText("Search passwords"), "JOINT");
    expect(status().textContent).toBe("1 of 2 passwords");
    expect(rowTitles()).toEqual(["Bank (joint account)"]);

    await user.clear(screen.getByLabelText("Search passwords"));
    await user.type(screen.getByLabelText("Search passwords"), "nothing like this");
    expect(screen.getByText("No passwords found")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Passwords" })).toBeNull();

    const clear = screen.getAllByRole("button", { name: "Clear search" });
    await user.click(clear[0]!);
    expect(status().textContent).toBe("2 passwords");
    expect(rowTitles()).toEqual(["Bank (joint account)", "Email account"]);
  });
});
