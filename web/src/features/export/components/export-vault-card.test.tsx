import { AUTH_MSG } from "@common/auth";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fakeAccountFetch, newFakeAccountServer } from "@/testing/fake-account-api";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { ExportVaultCard } from "./export-vault-card";

/** "Export your vault" with the encrypted archive chosen: its password typed twice (decision 055). */
const ARCHIVE_PASSWORD = "Copper-Kettle-Meadow-31";

describe("the export card's encrypted archive", () => {
  it("refuses two passwords that differ on the confirmation and exports nothing, until retyped", async () => {
    // The strength meter reads the common-password list; the vault's API is never called.
    const server = newFakeAccountServer();
    const fetch = stubFetch(fakeAccountFetch(() => server));
    const { user } = renderScreen(<ExportVaultCard email="ada@example.com" />);
    const card = screen.getByRole("region", { name: "Export your vault" });
    await user.click(within(card).getByRole("radio", { name: "Encrypted archive (.lvault)" }));
    await user.type(
      within(card).getByLabelText("Archive password", { exact: true }),
      ARCHIVE_PASSWORD,
    );
    const confirm = within(card).getByLabelText("Confirm archive password");
    await user.type(confirm, `${ARCHIVE_PASSWORD}!`);
    await user.click(within(card).getByRole("button", { name: "Export vault" }));
    expect(await within(card).findByText(AUTH_MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(confirm.getAttribute("aria-invalid")).toBe("true");
    expect(within(card).queryByRole("button", { name: "Cancel export" })).toBeNull();
    expect(fetchedPaths(fetch).filter((path) => path.startsWith("/api/"))).toEqual([]);

    // Typed again the same: the message goes as it is typed, before any new attempt.
    await user.clear(confirm);
    await user.type(confirm, ARCHIVE_PASSWORD);
    await waitFor(() => expect(within(card).queryByText(AUTH_MSG.passwordsDoNotMatch)).toBeNull());
    expect(confirm.getAttribute("aria-invalid")).not.toBe("true");
  });
});
