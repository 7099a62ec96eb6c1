import type { EarlyWishesView as View } from "@common/legacy";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import { EarlyWishesList } from "./early-wishes-list";
import { EarlyWishesView, WISHES_GONE } from "./early-wishes-view";

/** The portal's final wishes (decision 097): the card that leads to them, and a report withdrawn. */

const view: View = {
  email: "jo@example.com",
  wishes: [
    {
      id: "7f1f7b4e-2a55-4c3a-9a43-7d0f4f6f3b11",
      ownerName: "Olive Owner",
      title: null,
      encryptedTitle: "AAAA",
      confirmedAt: "2026-12-01T10:00:00.000Z",
      key: {
        kind: "beneficiary-key",
        beneficiaryKeyId: "b5d0b0c1-3f0e-4c36-8d8e-1d3f4d1c2b10",
        serverShare: "AAAA",
        escrowShare: null,
        wrappedKey: "AAAA",
      },
    },
  ],
};

describe("final wishes on the portal", () => {
  it("lists each owner's wishes under a heading with a link to read them", () => {
    renderScreen(<EarlyWishesList view={view} />);
    expect(
      screen.getByRole("region", { name: "Olive Owner's wishes for their funeral" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Read their wishes" }).getAttribute("href")).toBe(
      `/legacy?wishes=${view.wishes[0]?.id}`,
    );
  });

  it("says in plain words when the wishes can no longer be read", async () => {
    stubFetch(async () =>
      Response.json({ error: { code: "NOT_FOUND", message: "Not found" } }, { status: 404 }),
    );
    renderScreen(<EarlyWishesView id={view.wishes[0]?.id ?? ""} isFocused={false} />);
    expect(await screen.findByText(WISHES_GONE)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "These wishes cannot be opened" })).toBeTruthy();
  });
});
