import { ACCOUNT_DELETION_GRACE_DAYS, ACCOUNT_DELETION_MSG } from "@common/account-deletion";
import { AUTH_MSG } from "@common/auth";
import { screen, waitFor, within } from "@testing-library/react";
import { Toaster, toast } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import {
  fakeAccountDeletionFetch,
  newFakeAccountDeletionServer,
  pendingFrom,
  type FakeAccountDeletionServer,
} from "@/testing/fake-account-deletion-api";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import { AccountDeletionCard } from "./account-deletion-card";
import { DeletionPendingBanner } from "./deletion-pending-banner";

/**
 * Deleting one's account (decision 042), the screens' states and messages: the profile's card and
 * its dialog, the banner over the other screens (the e-mailed cancel link's page:
 * routes/account-deletion-cancel.test.tsx).
 * e2e/account-deletion.e2e.ts walks request → banner → cancel (link, profile, banner) → erasure.
 */
const EMAIL = "dora@example.com";
const PASSWORD = "Tangerine-Harbour-42";
let server: FakeAccountDeletionServer;

beforeEach(() => {
  toast.dismiss(); // sonner keeps its toasts between tests
  server = newFakeAccountDeletionServer(PASSWORD);
  stubFetch(fakeAccountDeletionFetch(() => server));
});

/** The card (a Card, titled by its heading; the journey finds it by its id too). */
const card = () => {
  const el = document.getElementById("delete-account");
  if (!el) throw new Error("no Delete account card");
  return el;
};
const dialog = () => screen.getByRole("alertdialog", { name: "Delete your account?" });
const isFocused = (el: HTMLElement) => el.ownerDocument.activeElement === el;

/** The profile's card (with the toasts' outlet, as the app mounts it). */
function renderCard() {
  return renderScreen(
    <>
      <AccountDeletionCard email={EMAIL} />
      <Toaster />
    </>,
    { path: "/profile/data" },
  );
}

describe("the profile's Delete account card", () => {
  it("says the account is erased days after one asks, and offers Delete account", async () => {
    renderCard();
    await screen.findByRole("button", { name: "Delete account" });
    expect(card().textContent).toContain(
      `erased ${ACCOUNT_DELETION_GRACE_DAYS} days after you ask`,
    );
    expect(within(card()).queryByText(/Your account will be deleted on/)).toBeNull();
  });

  it("the dialog catches a wrong address itself and a wrong password from the server, and stays open", async () => {
    const { user } = renderCard();
    await user.click(await screen.findByRole("button", { name: "Delete account" }));
    const address = within(dialog()).getByLabelText(/to confirm/);
    const password = within(dialog()).getByLabelText("Password", { selector: "input" });
    await user.type(address, "someone-else@example.com");
    await user.type(password, PASSWORD);
    await user.click(within(dialog()).getByRole("button", { name: "Delete my account" }));
    await within(dialog()).findByText(ACCOUNT_DELETION_MSG.confirmationMismatch);
    expect(server.calls.filter((c) => c.startsWith("POST /api/account-deletion"))).toEqual([]);

    await user.clear(address);
    await user.type(address, EMAIL);
    await user.clear(password);
    await user.type(password, "Not-The-Password-1");
    // (Enter in the field submits too: the journey presses it, happy-dom has no implicit submission)
    await user.click(within(dialog()).getByRole("button", { name: "Delete my account" }));
    await within(dialog()).findByText(AUTH_MSG.currentPasswordWrong);
    expect(within(dialog()).queryByText(ACCOUNT_DELETION_MSG.confirmationMismatch)).toBeNull();
    await waitFor(() => expect(isFocused(password)).toBe(true));
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(server.view.pending).toBeNull();
  });

  it("a right request closes the dialog, shows the date and moves focus to Cancel deletion; cancelling hands it back", async () => {
    const { user } = renderCard();
    await user.click(await screen.findByRole("button", { name: "Delete account" }));
    await user.type(within(dialog()).getByLabelText(/to confirm/), EMAIL);
    await user.type(within(dialog()).getByLabelText("Password", { selector: "input" }), PASSWORD);
    await user.click(within(dialog()).getByRole("button", { name: "Delete my account" }));

    const cancel = await within(card()).findByRole("button", { name: "Cancel deletion" });
    expect(card().textContent).toContain("Your account will be deleted on");
    expect(card().querySelector("time")?.getAttribute("datetime")).toBe(
      server.view.pending?.eraseAt,
    );
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(isFocused(cancel)).toBe(true));

    await user.click(cancel);
    const again = await within(card()).findByRole("button", { name: "Delete account" });
    await screen.findByText(ACCOUNT_DELETION_MSG.cancelled);
    await waitFor(() => expect(isFocused(again)).toBe(true));
    expect(card().textContent).not.toContain("Your account will be deleted on");
    expect(server.view.pending).toBeNull();
  });

  it("shows a pending deletion as the server reports it (after a new sign-in, or a link used meanwhile)", async () => {
    server.view = pendingFrom(new Date());
    renderCard();
    await within(card()).findByRole("button", { name: "Cancel deletion" });
    expect(card().textContent).toContain("Your account will be deleted on");
  });
});

describe("the banner over the other screens", () => {
  it("says when; its Cancel deletion removes it, and the profile's card offers Delete account again", async () => {
    server.view = pendingFrom(new Date());
    const { user } = renderScreen(
      <>
        <DeletionPendingBanner />
        <AccountDeletionCard email={EMAIL} />
        <Toaster />
      </>,
    );
    const banner = await screen.findByRole("region", { name: "Account deletion" });
    expect(banner.textContent).toContain("Your account will be deleted on");
    await user.click(within(banner).getByRole("button", { name: "Cancel deletion" }));
    await screen.findByText(ACCOUNT_DELETION_MSG.cancelled);
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Account deletion" })).toBeNull(),
    );
    await within(card()).findByRole("button", { name: "Delete account" });
    expect(server.view.pending).toBeNull();
  });

  it("shows nothing while no deletion is pending", async () => {
    renderScreen(<DeletionPendingBanner />);
    await waitFor(() => expect(server.calls).toContain("GET /api/account-deletion"));
    expect(screen.queryByRole("region", { name: "Account deletion" })).toBeNull();
  });
});
