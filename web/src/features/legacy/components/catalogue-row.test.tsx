import { CATALOGUE_MSG } from "@common/catalogue";
import type { LegacyItem, LegacyItemsView } from "@common/legacy";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { sealCatalogueTitle } from "@/lib/crypto/catalogue-title";
import { toBase64 } from "@/lib/crypto/vault-crypto";
import { renderScreen } from "@/testing/render-screen";
import { forgetAccessKeys, rememberAccessKey } from "../access-keys";
import { LegacyItemList } from "./legacy-item-list";

/**
 * The portal's list with an item the owner told this person of without leaving them its content
 * (decision 098): its kind and title, opened here with their beneficiary key, the notice, and no
 * link to open or download it. server/legacy/catalogue.test.ts checks the server's side.
 */
afterEach(() => forgetAccessKeys());

const random = () => crypto.getRandomValues(new Uint8Array(32));
const xor = (a: Uint8Array, b: Uint8Array) => a.map((x, i) => x ^ (b[i] ?? 0));

const base = {
  ownerName: "Olga Owner",
  releasedAt: "2026-11-10T00:00:00.000Z",
  accessEndsAt: "2027-11-10T00:00:00.000Z",
  role: null,
  encryptedTitle: null,
  key: null,
} as const;

/** A catalogue item sealed for BK = S XOR A; escrowed or not. */
async function catalogueItem(title: string, { escrow }: { escrow: boolean }) {
  const id = crypto.randomUUID();
  const keyId = crypto.randomUUID();
  const [serverShare, accessKey] = [random(), random()];
  const sealed = await sealCatalogueTitle(xor(serverShare, accessKey), id, title);
  const item: LegacyItem = {
    ...base,
    id,
    type: "password",
    title: null,
    access: "catalogue",
    catalogue: {
      beneficiaryKeyId: keyId,
      serverShare: toBase64(serverShare),
      escrowShare: escrow ? toBase64(accessKey) : null,
      sealedTitle: toBase64(sealed),
    },
  };
  return { item, keyId, accessKey };
}

const view = (items: LegacyItem[]): LegacyItemsView => ({
  email: "carl@example.com",
  items,
  ended: [],
  upcoming: [],
  firms: [],
});

describe("a catalogue item in the portal", () => {
  it("shows its kind and title with the notice, and no link to open it", async () => {
    const { item } = await catalogueItem("Bank login — Chase", { escrow: true });
    const letter: LegacyItem = {
      ...base,
      id: crypto.randomUUID(),
      type: "note",
      title: "Letter",
      access: "content",
      catalogue: null,
    };
    renderScreen(<LegacyItemList view={view([item, letter])} isFocused={false} />);
    const row = await screen.findByTestId("catalogue-item");
    expect(await within(row).findByText("Bank login — Chase")).toBeTruthy();
    expect(within(row).getByText(CATALOGUE_MSG.portalNotice)).toBeTruthy();
    expect(within(row).getByText("Password")).toBeTruthy();
    expect(within(row).queryByRole("link")).toBeNull();
    expect(within(row).queryByRole("button")).toBeNull();
    // the item left with its content still opens
    expect(screen.getByRole("link", { name: "Letter" })).toBeTruthy();
  });

  it("asks for the access key, then opens the title with it; another key reads nothing", async () => {
    const { item, keyId, accessKey } = await catalogueItem("Savings", { escrow: false });
    const { unmount } = renderScreen(<LegacyItemList view={view([item])} isFocused={false} />);
    expect(await screen.findByText(/Its title shows once you enter the access key/)).toBeTruthy();
    rememberAccessKey(keyId, accessKey);
    expect(await screen.findByText("Savings")).toBeTruthy();
    unmount();

    forgetAccessKeys();
    rememberAccessKey(keyId, random());
    renderScreen(<LegacyItemList view={view([item])} isFocused={false} />);
    expect(await screen.findByText(CATALOGUE_MSG.titleUnreadable)).toBeTruthy();
    expect(screen.queryByText("Savings")).toBeNull();
  });

  it("says the title cannot be read when none was sealed for the person's key", async () => {
    const { item } = await catalogueItem("x", { escrow: true });
    renderScreen(<LegacyItemList view={view([{ ...item, catalogue: null }])} isFocused={false} />);
    expect(await screen.findByText(CATALOGUE_MSG.titleUnreadable)).toBeTruthy();
    expect(screen.getByText(CATALOGUE_MSG.portalNotice)).toBeTruthy();
  });
});
