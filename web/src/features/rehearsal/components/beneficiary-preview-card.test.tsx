import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importDataKey } from "@/lib/crypto/vault-crypto";
import { clearVault, setDataKeyInMemory } from "@/lib/keys/vault-state";
import { fakeAsset, fakeAssetsFetch, newFakeAssetsServer } from "@/testing/fake-assets-api";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { BeneficiaryPreviewCard } from "./beneficiary-preview-card";

let dataKey: CryptoKey;
beforeEach(async () => {
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
});
afterEach(() => clearVault());

const EMMA = "emma@example.com";
const TOM = "tom@example.com";
const nameOf = (email: string) => (email === EMMA ? "Emma" : undefined);

async function vault() {
  const item = (
    type: "note" | "password",
    title: string,
    emails: string[],
    catalogue: string[] = [],
  ) =>
    fakeAsset({
      dataKey,
      type,
      title,
      over: { beneficiaryEmails: emails, catalogueEmails: catalogue },
    });
  return newFakeAssetsServer([
    await item("note", "Letter to Emma", [EMMA]),
    // Tom is told only that it exists (decision 098)
    await item("password", "Bank login", [EMMA, TOM], [TOM]),
    await item("note", "Garden plans", []),
  ]);
}

const previewTitles = () =>
  within(screen.getByTestId("beneficiary-preview"))
    .getAllByRole("listitem")
    .map((li) => li.textContent);

describe("what each beneficiary would receive", () => {
  it("lists, opened in the browser, the items left to the beneficiary chosen", async () => {
    const server = await vault();
    const fetch = stubFetch(fakeAssetsFetch(() => server));
    setDataKeyInMemory(dataKey);
    const { user } = renderScreen(<BeneficiaryPreviewCard nameOf={nameOf} />);
    const preview = await screen.findByRole("region", {
      name: "Preview: what Emma would receive",
    });
    expect(preview.textContent).toContain("After a release, Emma would see 2 items from you:");
    expect(previewTitles()).toEqual(["Bank loginPassword", "Letter to EmmaNote"]);

    await user.selectOptions(screen.getByRole("combobox", { name: "Beneficiary" }), TOM);
    expect(
      await screen.findByRole("region", { name: `Preview: what ${TOM} would receive` }),
    ).toBeTruthy();
    expect(previewTitles()).toEqual(["Bank loginPassword · Only that it exists"]);
    expect(screen.queryByText("Garden plans")).toBeNull();
    // the owner's own list only: nothing sent, nothing asked of the server but the items
    expect(fetchedPaths(fetch)).toEqual(["/api/assets"]);
  });

  it("says so when nothing is left to anyone", async () => {
    const server = newFakeAssetsServer([await fakeAsset({ dataKey, type: "note", title: "Mine" })]);
    stubFetch(fakeAssetsFetch(() => server));
    setDataKeyInMemory(dataKey);
    renderScreen(<BeneficiaryPreviewCard nameOf={nameOf} />);
    expect(await screen.findByText("None of your items is left to anyone yet.")).toBeTruthy();
  });
});
