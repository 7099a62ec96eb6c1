import { titleAdditionalData } from "@common/assets";
import { WISHES_MSG, WISHES_TITLE, type WishesContent } from "@common/assets/wishes";
import { render, screen } from "@testing-library/react";
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
import { WishesDetails } from "./wishes-details";
import { WishesForm } from "./wishes-form";

/** The final wishes form and page (decision 097): sealed before sending, the choice saved after, a failed save said. */

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
  const choices: unknown[] = [];
  const fetch = stubFetch(async (url, init) => {
    if (url === "/api/assets" && init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as Posted;
      posted.push(body);
      return answer(body);
    }
    if (url.startsWith("/api/wishes/") && init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as { opensAtReport: boolean };
      choices.push(body);
      return Response.json({ id: url.slice("/api/wishes/".length), ...body });
    }
    return new Response("{}", { status: 404 });
  });
  const onSaved = vi.fn();
  const view = renderScreen(
    <BeneficiaryFieldProvider renderPicker={() => <p>Beneficiary picker</p>}>
      <WishesForm onSaved={onSaved} />
    </BeneficiaryFieldProvider>,
  );
  return { ...view, fetch, posted, choices, onSaved };
}

const created = (body: Posted) =>
  Response.json(
    {
      asset: assetView({
        id: body.id,
        type: "wishes",
        title: null,
        encryptedTitle: body.encryptedTitle,
        wrappedKey: body.wrappedKey,
      }),
    },
    { status: 201 },
  );

describe("the final wishes form", () => {
  it("sends only ciphertext, then the choice to open at a confirmed death", async () => {
    const { user, posted, choices, onSaved } = renderForm(created);
    await user.selectOptions(
      screen.getByRole("combobox", { name: "Burial or cremation" }),
      "burial",
    );
    await user.type(screen.getByRole("textbox", { name: "Where" }), "St Mary's churchyard");
    await user.type(screen.getByRole("textbox", { name: "Music" }), "Abide with me");
    await user.selectOptions(screen.getByRole("combobox", { name: "Organ donation" }), "family");
    expect(
      screen
        .getByRole("radio", { name: /As soon as my death is confirmed/ })
        .getAttribute("data-state"),
    ).toBe("checked");
    await user.click(screen.getByRole("button", { name: "Save my wishes" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [body] = posted;
    if (!body) throw new Error("nothing posted");
    expect(body.type).toBe("wishes");
    expect(JSON.stringify(body)).not.toMatch(/Mary|Abide|burial|family/);
    const ck = await unwrapContentKey(fromBase64(body.wrappedKey), dataKey, body.id);
    expect(await decryptJson<WishesContent>(ck, fromBase64(body.encryptedData))).toEqual({
      disposition: "burial",
      organDonation: "family",
      place: "St Mary's churchyard",
      ceremony: "",
      music: "Abide with me",
      readings: "",
      callFirst: "",
      decider: "",
      other: "",
    });
    expect(
      await decryptText(ck, fromBase64(body.encryptedTitle), titleAdditionalData(body.id)),
    ).toBe(WISHES_TITLE);
    expect(choices).toEqual([{ opensAtReport: true }]);
    expect(onSaved).toHaveBeenCalledWith(body.id);
  });

  it("says which section is too long and sends nothing", async () => {
    const { user, fetch } = renderForm(created);
    await user.click(screen.getByRole("textbox", { name: "Readings" }));
    await user.paste("x".repeat(5_001));
    await user.click(screen.getByRole("button", { name: "Save my wishes" }));
    expect(await screen.findByText(WISHES_MSG.tooLong)).toBeTruthy();
    expect(fetchedPaths(fetch)).not.toContain("/api/assets");
  });

  it("keeps what was typed and says so when the save fails", async () => {
    const { user, onSaved } = renderForm(() =>
      Response.json({ error: { code: "CONFLICT", message: WISHES_MSG.onlyOne } }, { status: 409 }),
    );
    await user.type(screen.getByRole("textbox", { name: "Music" }), "Jerusalem");
    await user.click(screen.getByRole("button", { name: "Save my wishes" }));
    expect(await screen.findByText(WISHES_MSG.onlyOne)).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Music" })).toHaveProperty("value", "Jerusalem");
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe("the final wishes page", () => {
  it("shows each written section under its heading, and leaves out the rest", () => {
    render(
      <WishesDetails
        content={{
          disposition: "cremation",
          organDonation: null,
          place: "",
          ceremony: "Humanist, at home",
          music: "",
          readings: "",
          callFirst: "Jo",
          decider: "",
          other: "",
        }}
      />,
    );
    expect(screen.getAllByRole("heading").map((h) => h.textContent)).toEqual([
      "Burial or cremation",
      "The ceremony",
      "Who to call first",
    ]);
    expect(screen.getByText("Cremation")).toBeTruthy();
    expect(screen.getByText("Humanist, at home")).toBeTruthy();
  });
});
