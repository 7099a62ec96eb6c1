import type { DeliveryListView } from "@common/deliveries";
import { useQuery } from "@tanstack/react-query";
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

/** The card as the route holds it, with the owner's delays and people in turn. */
function Card({ list = { items: [] } }: { list?: DeliveryListView }) {
  const deliveries = useQuery({ queryKey: ["deliveries", "list"], queryFn: () => list });
  return <BeneficiaryPreviewCard nameOf={nameOf} deliveries={deliveries} />;
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
    const { user } = renderScreen(<Card />);
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

  it("says when each item would come, and what the person is next in turn for (decision 096)", async () => {
    const server = await vault();
    const carKeys = await fakeAsset({
      dataKey,
      type: "note",
      title: "Car keys",
      over: { beneficiaryEmails: [EMMA] },
    });
    server.assets.push(carKeys);
    const letter = server.assets.find((a) => a.type === "note")?.id ?? "";
    stubFetch(fakeAssetsFetch(() => server));
    setDataKeyInMemory(dataKey);
    const list: DeliveryListView = {
      items: [
        { assetId: letter, delayDays: 30, fallbacks: [] },
        { assetId: carKeys.id, delayDays: 0, fallbacks: ["ann@example.com", TOM] },
      ],
    };
    const { user } = renderScreen(<Card list={list} />);
    const choose = (email: string) =>
      user.selectOptions(screen.getByRole("combobox", { name: "Beneficiary" }), email);
    // a person named only in turn is a beneficiary to choose too (the first, by address)
    expect(
      await screen.findByText("After a release, ann@example.com would see 0 items from you:"),
    ).toBeTruthy();
    expect(previewTitles()).toEqual(["Car keysNote · first in turn"]);
    await choose(EMMA);
    await screen.findByRole("region", { name: "Preview: what Emma would receive" });
    expect(previewTitles()).toEqual([
      "Bank loginPassword",
      "Car keysNote",
      "Letter to EmmaNote · 30 days after the release",
    ]);
    await choose(TOM);
    await screen.findByRole("region", { name: `Preview: what ${TOM} would receive` });
    const inTurn = screen.getByRole("list", { name: `Items ${TOM} is next in turn for` });
    expect(
      within(inTurn)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Car keysNote · second in turn"]);
  });

  it("says so when nothing is left to anyone", async () => {
    const server = newFakeAssetsServer([await fakeAsset({ dataKey, type: "note", title: "Mine" })]);
    stubFetch(fakeAssetsFetch(() => server));
    setDataKeyInMemory(dataKey);
    renderScreen(<Card />);
    expect(await screen.findByText("None of your items is left to anyone yet.")).toBeTruthy();
  });
});
