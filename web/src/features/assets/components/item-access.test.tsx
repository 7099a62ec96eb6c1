import { CATALOGUE_MSG, type SetItemAccessInput } from "@common/catalogue";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openCatalogueTitle } from "@/lib/crypto/catalogue-title";
import { fromBase64, importDataKey } from "@/lib/crypto/vault-crypto";
import { clearVault, setDataKeyInMemory } from "@/lib/keys/vault-state";
import { fakeAsset } from "@/testing/fake-assets-api";
import {
  fakeBeneficiaryKey,
  fakeKeysFetch,
  json,
  newFakeKeysServer,
} from "@/testing/fake-keys-api";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import { BeneficiaryField, BeneficiaryFieldProvider } from "./beneficiary-field";
import type { CreateAssetInput } from "@common/assets";
import { useCreateAsset } from "../api/create-asset";
import { ItemAccessProvider, NewItemAccessProvider } from "./item-access";

/**
 * The item form's beneficiary section (decision 098): per person, "The content" or "Only that it
 * exists". Choosing the latter sends the title sealed for that person's key and no wrap of the
 * item's key. server/legacy/catalogue.test.ts checks what the server does with it.
 */
const CARL = "carl@example.com";
const NEW = "new@example.com";
let dataKey: CryptoKey;
beforeEach(async () => {
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
  setDataKeyInMemory(dataKey);
});
afterEach(() => clearVault());

async function section(emails: string[], catalogueEmails: string[] = []) {
  const asset = await fakeAsset({
    dataKey,
    type: "password",
    title: "Bank login — Chase",
    over: { beneficiaryEmails: [CARL], catalogueEmails },
  });
  const opened = { ...asset, title: "Bank login — Chase", isTitleOpen: true };
  const keys = newFakeKeysServer();
  const carl = await fakeBeneficiaryKey(dataKey, CARL);
  keys.keys.push(carl.view);
  const sent: SetItemAccessInput[] = [];
  const keysFetch = fakeKeysFetch(() => keys);
  stubFetch((url, init) => {
    if (url === `/api/assets/${asset.id}/access` && init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as SetItemAccessInput;
      sent.push(body);
      return Promise.resolve(
        json(200, { people: [{ email: CARL, access: body.access, isTitleSealed: true }] }),
      );
    }
    return keysFetch(url, init);
  });
  const rendered = renderScreen(
    <BeneficiaryFieldProvider renderPicker={() => <p>Beneficiary picker</p>}>
      <ItemAccessProvider value={{ asset: opened, wrappedKey: fromBase64(asset.wrappedKey) }}>
        <BeneficiaryField value={emails} onChange={() => {}} />
      </ItemAccessProvider>
    </BeneficiaryFieldProvider>,
  );
  return { ...rendered, asset, sent, bk: carl.bk };
}

const selectOf = (email: string) =>
  screen.getByRole<HTMLSelectElement>("combobox", { name: `${CATALOGUE_MSG.label}: ${email}` });

describe("what each person receives", () => {
  it("sends the title sealed for the person's key, and no wrap, when they are told only that it exists", async () => {
    const { user, asset, sent, bk } = await section([CARL]);
    expect(selectOf(CARL).value).toBe("content");
    await user.selectOptions(selectOf(CARL), CATALOGUE_MSG.catalogue);
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0];
    if (body?.access !== "catalogue" || !body.sealedTitle) throw new Error("not sealed");
    expect(Object.keys(body).sort()).toEqual(["access", "email", "keyId", "sealedTitle"]);
    expect(await openCatalogueTitle(bk, asset.id, fromBase64(body.sealedTitle))).toBe(
      "Bank login — Chase",
    );
    expect(selectOf(CARL).value).toBe("catalogue");
  });

  it("shows the saved choice; a person not saved yet waits for the save; a new item's form has none", async () => {
    const { unmount } = await section([CARL, NEW], [CARL]);
    expect(selectOf(CARL).value).toBe("catalogue");
    expect(selectOf(NEW).disabled).toBe(true);
    expect(screen.getByText(`Save the item first; then choose what ${NEW} receives.`)).toBeTruthy();
    unmount();

    renderScreen(
      <BeneficiaryFieldProvider renderPicker={() => <p>Beneficiary picker</p>}>
        <BeneficiaryField value={[CARL]} onChange={() => {}} />
      </BeneficiaryFieldProvider>,
    );
    expect(screen.getByText("Beneficiary picker")).toBeTruthy();
    expect(screen.queryByRole("combobox")).toBeNull();
  });

  it("a new item's form keeps the choice and sends it with the item: a sealed title for the person, no wrap", async () => {
    const DANA = "dana@example.com";
    const keys = newFakeKeysServer();
    const carl = await fakeBeneficiaryKey(dataKey, CARL);
    const dana = await fakeBeneficiaryKey(dataKey, DANA);
    keys.keys.push(carl.view, dana.view);
    const keysFetch = fakeKeysFetch(() => keys);
    let created: CreateAssetInput | undefined;
    stubFetch((url, init) => {
      if (url === "/api/assets" && init?.method === "POST") {
        created = JSON.parse(String(init.body)) as CreateAssetInput;
        return Promise.resolve(json(201, { asset: { id: created.id, roleGrants: [] } }));
      }
      return keysFetch(url, init);
    });
    function Save() {
      const create = useCreateAsset<"password">();
      return (
        <button
          type="button"
          onClick={() =>
            create.mutate({
              type: "password",
              title: "Bank login — Chase",
              beneficiaryEmails: [CARL, DANA],
              content: { username: "olga", password: "x", website: "", notes: "" },
            })
          }
        >
          Save
        </button>
      );
    }
    const { user } = renderScreen(
      <BeneficiaryFieldProvider renderPicker={() => <p>Beneficiary picker</p>}>
        <NewItemAccessProvider>
          <BeneficiaryField value={[CARL, DANA]} onChange={() => {}} />
          <Save />
        </NewItemAccessProvider>
      </BeneficiaryFieldProvider>,
    );
    expect(selectOf(CARL).disabled).toBe(false);
    await user.selectOptions(selectOf(CARL), CATALOGUE_MSG.catalogue);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(created).toBeDefined());
    if (!created) throw new Error("not sent");
    // Dana gets the key; Carl only the title, sealed for his key
    expect(created.beneficiaryKeys?.map((k) => k.id)).toEqual([dana.view.id]);
    const [told] = created.catalogue ?? [];
    expect(told?.email).toBe(CARL);
    expect(told?.keyId).toBe(carl.view.id);
    expect(await openCatalogueTitle(carl.bk, created.id, fromBase64(told?.sealedTitle ?? ""))).toBe(
      "Bank login — Chase",
    );
  });
});
