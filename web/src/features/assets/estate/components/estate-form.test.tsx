import { ASSET_MSG } from "@common/assets";
import { ESTATE_MSG, type EstateContent } from "@common/assets/estate";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import {
  decryptJson,
  decryptText,
  fromBase64,
  importDataKey,
  unwrapContentKey,
} from "@/lib/crypto/vault-crypto";
import { clearVault, setDataKeyInMemory } from "@/lib/keys/vault-state";
import { assetView } from "@/testing/asset-views";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { titleAdditionalData } from "@common/assets";
import { EstateForm } from "./estate-form";

/** The estate form's states and messages (decision 078): its rules, its hints, a save and a failed one. */

let dataKey: CryptoKey;
beforeEach(async () => {
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
  setDataKeyInMemory(dataKey);
});
afterEach(() => clearVault());

type Posted = {
  id: string;
  type: string;
  encryptedTitle: string;
  wrappedKey: string;
  encryptedData: string;
};

function renderForm(answer: (body: Posted) => Response) {
  const posted: Posted[] = [];
  const fetch = stubFetch(async (url, init) => {
    if (url === "/api/assets" && init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as Posted;
      posted.push(body);
      return answer(body);
    }
    return new Response("{}", { status: 404 });
  });
  const onSaved = vi.fn();
  const view = renderScreen(
    <BeneficiaryFieldProvider renderPicker={() => <p>Beneficiary picker</p>}>
      <EstateForm onSaved={onSaved} />
    </BeneficiaryFieldProvider>,
  );
  return { ...view, fetch, posted, onSaved };
}

const created = (body: Posted) =>
  Response.json(
    {
      asset: assetView({
        id: body.id,
        type: "estate",
        title: null,
        encryptedTitle: body.encryptedTitle,
        wrappedKey: body.wrappedKey,
      }),
    },
    { status: 201 },
  );

describe("the estate inventory form", () => {
  it("asks for a name and a kind before anything is sent", async () => {
    const { user, fetch } = renderForm(created);
    await user.click(screen.getByRole("button", { name: "Add to inventory" }));
    expect(await screen.findByText(ASSET_MSG.titleRequired)).toBeTruthy();
    expect(screen.getByText(ESTATE_MSG.categoryRequired)).toBeTruthy();
    expect(
      screen
        .getByRole("combobox", { name: "What kind of entry is this?" })
        .getAttribute("aria-invalid"),
    ).toBe("true");
    expect(fetchedPaths(fetch)).not.toContain("/api/assets");
  });

  it("warns against a recovery phrase for cryptocurrency and points to a password item", async () => {
    const { user } = renderForm(created);
    expect(screen.queryByText(/Never write a recovery phrase/)).toBeNull();
    await user.selectOptions(
      screen.getByRole("combobox", { name: "What kind of entry is this?" }),
      "crypto",
    );
    expect(screen.getByText(/Never write a recovery phrase/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add a password item" }).getAttribute("href")).toBe(
      "/vault/new",
    );
  });

  it("says which field is too long", async () => {
    const { user, fetch } = renderForm(created);
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Car");
    await user.selectOptions(
      screen.getByRole("combobox", { name: "What kind of entry is this?" }),
      "vehicle",
    );
    await user.click(screen.getByRole("textbox", { name: "Reference" }));
    await user.paste("x".repeat(201));
    await user.click(screen.getByRole("button", { name: "Add to inventory" }));
    expect(await screen.findByText(ESTATE_MSG.referenceTooLong)).toBeTruthy();
    expect(fetchedPaths(fetch)).not.toContain("/api/assets");
  });

  it("sends only ciphertext: the name and the fields open with the entry's key", async () => {
    const { user, posted, onSaved } = renderForm(created);
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Joint account");
    await user.selectOptions(
      screen.getByRole("combobox", { name: "What kind of entry is this?" }),
      "bank",
    );
    await user.type(screen.getByRole("textbox", { name: "Organisation" }), "Northshire Bank");
    await user.type(screen.getByRole("textbox", { name: "Reference" }), "12345678");
    await user.selectOptions(
      screen.getByRole("combobox", { name: "What should happen to it?" }),
      "close",
    );
    await user.click(screen.getByRole("button", { name: "Add to inventory" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [body] = posted;
    if (!body) throw new Error("nothing posted");
    expect(body.type).toBe("estate");
    expect(JSON.stringify(body)).not.toMatch(/Northshire|12345678|Joint account|"bank"/);
    const ck = await unwrapContentKey(fromBase64(body.wrappedKey), dataKey, body.id);
    expect(await decryptJson<EstateContent>(ck, fromBase64(body.encryptedData))).toEqual({
      category: "bank",
      institution: "Northshire Bank",
      reference: "12345678",
      contact: "",
      action: "close",
      instructions: "",
    });
    expect(
      await decryptText(ck, fromBase64(body.encryptedTitle), titleAdditionalData(body.id)),
    ).toBe("Joint account");
  });

  it("keeps what was typed and says so when the save fails", async () => {
    const { user, onSaved } = renderForm(() =>
      Response.json(
        { error: { code: "INTERNAL", message: "Something went wrong" } },
        { status: 500 },
      ),
    );
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Car");
    await user.selectOptions(
      screen.getByRole("combobox", { name: "What kind of entry is this?" }),
      "vehicle",
    );
    await user.click(screen.getByRole("button", { name: "Add to inventory" }));
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveProperty("value", "Car");
    expect(onSaved).not.toHaveBeenCalled();
  });
});
