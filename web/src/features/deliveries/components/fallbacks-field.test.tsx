import { DELIVERY_MSG, type DeliveryView, type PutDeliveryInput } from "@common/deliveries";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ItemAccessProvider } from "@/features/assets/components/item-access";
import { fromBase64, importDataKey, unwrapContentKey } from "@/lib/crypto/vault-crypto";
import { clearVault, setDataKeyInMemory } from "@/lib/keys/vault-state";
import { fakeAsset } from "@/testing/fake-assets-api";
import {
  fakeBeneficiaryKey,
  fakeKeysFetch,
  json,
  newFakeKeysServer,
  ownerBeneficiaryKey,
} from "@/testing/fake-keys-api";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import { DeliveryField } from "./delivery-field";

/**
 * "If nobody claims it" (decision 096): the item's key wrapped in the browser for each person in
 * turn, sent in order with the time to claim. server/deliveries/fallbacks.test.ts checks what the
 * server does with them.
 */
const ANN = "ann@example.com"; // receives the item
const CARL = "carl@example.com"; // has a beneficiary key
const NEW = "new@example.com"; // has none yet
let dataKey: CryptoKey;
beforeEach(async () => {
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
  setDataKeyInMemory(dataKey);
});
afterEach(() => clearVault());

async function field(saved: Partial<DeliveryView> = {}, putStatus = 200) {
  const asset = await fakeAsset({
    dataKey,
    type: "password",
    title: "Bank login",
    over: { beneficiaryEmails: [ANN] },
  });
  const keys = newFakeKeysServer();
  keys.keys.push((await fakeBeneficiaryKey(dataKey, CARL)).view);
  const keysFetch = fakeKeysFetch(() => keys);
  const puts: PutDeliveryInput[] = [];
  let view: DeliveryView = {
    assetId: asset.id,
    delayDays: 7,
    claimDays: 30,
    fallbacks: [],
    ...saved,
  };
  stubFetch((url, init) => {
    if (url !== `/api/deliveries/${asset.id}`) return keysFetch(url, init);
    if (init?.method !== "PUT") return Promise.resolve(json(200, view));
    const body = JSON.parse(String(init.body)) as PutDeliveryInput;
    puts.push(body);
    if (putStatus !== 200)
      return Promise.resolve(
        json(putStatus, {
          error: { code: "VALIDATION", message: DELIVERY_MSG.fallbackKeyMismatch },
        }),
      );
    view = {
      ...view,
      claimDays: body.claimDays ?? view.claimDays,
      fallbacks: (body.fallbacks ?? []).map((f, i) => ({ email: f.email, position: i + 1 })),
    };
    return Promise.resolve(json(200, view));
  });
  const opened = { ...asset, title: "Bank login", isTitleOpen: true };
  const submits = { count: 0 }; // the item's own form, around the field as on its screen
  const rendered = renderScreen(
    <ItemAccessProvider value={{ asset: opened, wrappedKey: fromBase64(asset.wrappedKey) }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submits.count++;
        }}
      >
        <DeliveryField assetId={asset.id} />
      </form>
    </ItemAccessProvider>,
  );
  const group = await screen.findByRole("group", { name: DELIVERY_MSG.fallbacksLegend });
  return { ...rendered, asset, keys, puts, submits, group: within(group) };
}

describe("If nobody claims it: people in turn", () => {
  it("adds people, orders them, and saves each one's wrap of the item's key with the time to claim", async () => {
    const { user, asset, keys, puts, submits, group } = await field();
    await user.selectOptions(group.getByLabelText(DELIVERY_MSG.claimLabel), "60");
    const input = group.getByLabelText(DELIVERY_MSG.fallbackAddLabel);
    await user.type(input, CARL);
    await user.click(group.getByRole("button", { name: "Add" }));
    await user.type(input, `${NEW}{Enter}`); // Enter adds; it never submits the item's form
    await user.click(group.getByRole("button", { name: `Move ${NEW} up` }));
    expect(group.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      `1. ${NEW}`,
      `2. ${CARL}`,
    ]);
    await user.click(group.getByRole("button", { name: "Save the people in turn" }));
    expect(await group.findByText("Saved: 2 people in turn, 60 days each to claim.")).toBeTruthy();

    expect(puts).toHaveLength(1);
    const body = puts[0];
    expect(body?.delayDays).toBe(7); // the delivery choice is kept as it is
    expect(body?.claimDays).toBe(60);
    expect(body?.fallbacks?.map((f) => f.email)).toEqual([NEW, CARL]);
    // each wrap opens with that person's own key, and only there
    for (const f of body?.fallbacks ?? []) {
      const key = keys.keys.find((k) => k.id === f.beneficiaryKeyId);
      expect(key?.email).toBe(f.email);
      const bk = await ownerBeneficiaryKey(dataKey, key!);
      await expect(unwrapContentKey(fromBase64(f.wrappedKey), bk, asset.id)).resolves.toBeTruthy();
    }
    expect(keys.posts.map((p) => p.email)).toEqual([NEW]); // a key made for the new person only
    expect(submits.count).toBe(0);
  });

  it("refuses a bad address, a person named twice, one who receives the item already, and a fourth", async () => {
    const { user, group } = await field({
      fallbacks: [
        { email: CARL, position: 1 },
        { email: "dora@example.com", position: 2 },
      ],
    });
    const input = group.getByLabelText(DELIVERY_MSG.fallbackAddLabel);
    const tryAdd = async (text: string) => {
      await user.clear(input);
      await user.type(input, `${text}{Enter}`);
    };
    await tryAdd("not an address");
    expect(group.getByRole("alert").textContent).toBeTruthy();
    await tryAdd(CARL.toUpperCase());
    expect(group.getByRole("alert").textContent).toBe(DELIVERY_MSG.fallbackTwice);
    await tryAdd(ANN);
    expect(group.getByRole("alert").textContent).toBe(DELIVERY_MSG.fallbackIsBeneficiary);
    expect(group.getByRole("button", { name: "Save the people in turn" })).toHaveProperty(
      "disabled",
      true,
    );
    await tryAdd(NEW);
    expect(group.queryByRole("alert")).toBeNull();
    // three in turn: no field for a fourth
    expect(group.queryByLabelText(DELIVERY_MSG.fallbackAddLabel)).toBeNull();
    await user.click(group.getByRole("button", { name: `Remove ${CARL}` }));
    expect(group.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "1. dora@example.com",
      `2. ${NEW}`,
    ]);
  });

  it("says what the server refused, and keeps the list as it was typed", async () => {
    const { user, group } = await field({}, 400);
    await user.type(group.getByLabelText(DELIVERY_MSG.fallbackAddLabel), `${CARL}{Enter}`);
    await user.click(group.getByRole("button", { name: "Save the people in turn" }));
    expect(await group.findByText(DELIVERY_MSG.fallbackKeyMismatch)).toBeTruthy();
    expect(group.getAllByRole("listitem").map((li) => li.textContent)).toEqual([`1. ${CARL}`]);
  });

  it("is not on a new item's form (no saved item to wrap the key of)", async () => {
    stubFetch(() =>
      Promise.resolve(json(200, { assetId: "a1", delayDays: 0, claimDays: 30, fallbacks: [] })),
    );
    renderScreen(<DeliveryField assetId="a1" />);
    await screen.findByLabelText(DELIVERY_MSG.label);
    await waitFor(() => expect(screen.queryByRole("group")).toBeNull());
  });
});
