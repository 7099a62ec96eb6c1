import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importDataKey } from "@/lib/crypto/vault-crypto";
import { clearVault, setDataKeyInMemory } from "@/lib/keys/vault-state";
import { fakeAsset, fakeAssetsFetch, newFakeAssetsServer } from "@/testing/fake-assets-api";
import { fakeVaultFetch, newMovedOverAccount } from "@/testing/fake-vault-api";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import NotesScreen from "./notes";

/**
 * /notes with sealed titles (decision 080): the server lists ciphertext, the screen opens each
 * title with the data key and filters by the opened titles, in the browser.
 */

let raw: Uint8Array;
let dataKey: CryptoKey;
beforeEach(async () => {
  raw = crypto.getRandomValues(new Uint8Array(32));
  dataKey = await importDataKey(raw);
});
afterEach(() => clearVault());

async function vault() {
  const note = (title: string, over = {}) => fakeAsset({ dataKey, type: "note", title, over });
  const damaged = await note("Never shown");
  damaged.encryptedTitle = (await note("Another item's title")).encryptedTitle; // swapped in
  return newFakeAssetsServer([
    await note("Letter to Emma", { beneficiaryEmails: ["emma@example.com"] }),
    await note("Garden plans"),
    await fakeAsset({ dataKey, type: "note", title: "Old recipe", isClear: true }),
    damaged,
  ]);
}

const titles = () =>
  within(screen.getByRole("tabpanel", { name: /All Notes/ }))
    .getAllByRole("link")
    .map((link) => link.textContent);

describe("the notes list with sealed titles", () => {
  it("shows the titles opened in the browser, and one that does not open as such", async () => {
    const server = await vault();
    const fetch = stubFetch(fakeAssetsFetch(() => server));
    setDataKeyInMemory(dataKey);
    renderScreen(<NotesScreen />);
    expect(await screen.findByRole("link", { name: "Letter to Emma" })).toBeTruthy();
    expect(titles()).toEqual(["Letter to Emma", "Garden plans", "Old recipe", "Cannot be opened"]);
    expect(fetchedPaths(fetch)).toEqual(["/api/assets"]);
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/assets?type=note"); // no search sent
  });

  it("filters by the opened titles as the owner types, case and all", async () => {
    const server = await vault();
    stubFetch(fakeAssetsFetch(() => server));
    setDataKeyInMemory(dataKey);
    const { user } = renderScreen(<NotesScreen />);
    const search = await screen.findByRole("searchbox", { name: "Search notes" });
    await user.type(search, "EMMA");
    expect(titles()).toEqual(["Letter to Emma"]);
    expect(screen.getByRole("status").textContent).toBe("1 of 4 notes match");
    await user.clear(search);
    await user.type(search, "recipe");
    expect(titles()).toEqual(["Old recipe"]);
    await user.clear(search);
    await user.type(search, "never shown");
    expect(screen.getByText("No notes match your search.")).toBeTruthy();
  });

  it("asks to unlock, and shows no title, while the tab has no data key", async () => {
    const server = await vault();
    const account = await newMovedOverAccount("ann@example.com", "a long password", raw);
    const assetsApi = fakeAssetsFetch(() => server);
    const vaultApi = fakeVaultFetch(() => account);
    stubFetch((url, init) => (url.startsWith("/api/assets") ? assetsApi : vaultApi)(url, init));
    renderScreen(<NotesScreen />);
    expect(await screen.findByRole("heading", { name: "Unlock your vault" })).toBeTruthy();
    expect(screen.queryByText("Old recipe")).toBeNull();
    expect(screen.queryByText("Letter to Emma")).toBeNull();
  });
});
