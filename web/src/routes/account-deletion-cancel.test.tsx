import { ACCOUNT_DELETION_MSG } from "@common/account-deletion";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  fakeAccountDeletionFetch,
  newFakeAccountDeletionServer,
  pendingFrom,
  type FakeAccountDeletionServer,
} from "@/testing/fake-account-deletion-api";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import AccountDeletionCancelScreen from "./account-deletion-cancel";

/**
 * /account-deletion/cancel?token=… (decision 042), the e-mailed link's page: one button, never on
 * load, and once only. e2e/account-deletion.e2e.ts opens the real mailed link in a fresh browser.
 */
let server: FakeAccountDeletionServer;

beforeEach(() => {
  server = newFakeAccountDeletionServer("Tangerine-Harbour-42");
  stubFetch(fakeAccountDeletionFetch(() => server));
});

describe("the e-mailed cancel link's page", () => {
  it("keeps the account once; the same link again says it is invalid", async () => {
    server.view = pendingFrom(new Date());
    server.linkToken = "cancel-link-token-0123456789";
    const path = `/account-deletion/cancel?token=${server.linkToken}`;
    const first = renderScreen(<AccountDeletionCancelScreen />, { path });
    expect(screen.getByText("Cancel the deletion of your account")).toBeTruthy();
    expect(server.calls).toEqual([]); // nothing happens on load
    await first.user.click(screen.getByRole("button", { name: "Keep my account" }));
    await screen.findByText(ACCOUNT_DELETION_MSG.cancelled);
    expect(server.view.pending).toBeNull();
    first.unmount();

    // the page opened again (a reload): pressing again is refused, and said so
    const again = renderScreen(<AccountDeletionCancelScreen />, { path });
    await again.user.click(screen.getByRole("button", { name: "Keep my account" }));
    await screen.findByText(ACCOUNT_DELETION_MSG.linkInvalid);
    expect(screen.queryByRole("button", { name: "Keep my account" })).toBeNull();
  });
});
