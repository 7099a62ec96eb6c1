import { AUTH_MSG } from "@common/auth";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { prepareNewPassword } from "@/lib/keys/account-keys";
import {
  fakeAccountFetch,
  newFakeAccountServer,
  type FakeAccountServer,
  registeredAccount,
} from "@/testing/fake-account-api";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { ChangePasswordForm } from "./change-password-form";

/**
 * The profile's "Change password" form (decision 038), its messages: the strength meter under the
 * new password, and a wrong current password caught in the browser (it does not open the vault),
 * said by its field. e2e/vault-unlock.e2e.ts changes the password and signs in with the new one;
 * server/keys/owner-keys.test.ts checks the server's own refusal.
 */
const EMAIL = "vera@example.com";
const PASSWORD = "Tangerine-Harbour-42";
let server: FakeAccountServer;
let fetch: ReturnType<typeof stubFetch>;

beforeEach(async () => {
  server = newFakeAccountServer();
  fetch = stubFetch(fakeAccountFetch(() => server));
  const made = await prepareNewPassword({ password: PASSWORD });
  server.accounts.push(registeredAccount(EMAIL, made));
  server.signedIn = EMAIL;
  fetch.mockClear(); // the common-password list, which making the keys checked against
});

describe("the change-password form", () => {
  it("shows the strength of the new password, and refuses a wrong current one by its field", async () => {
    const onDone = vi.fn();
    const { user } = renderScreen(<ChangePasswordForm email={EMAIL} onDone={onDone} />);
    const current = screen.getByLabelText("Current password");
    await user.type(current, "Not-The-Right-One-99");
    await user.type(screen.getByLabelText("New password"), "Marmalade-Lighthouse-77");
    await screen.findByText(/^Strength: /, {}, { timeout: 15_000 });
    await user.type(screen.getByLabelText("Confirm new password"), "Marmalade-Lighthouse-77");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    // The current password is derived at full cost first (seconds on a busy 2-core machine).
    await screen.findByText(AUTH_MSG.currentPasswordWrong, {}, { timeout: 45_000 });
    expect(current.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(onDone).not.toHaveBeenCalled();
    // Nothing was changed: the vault's keys were only read.
    expect(fetchedPaths(fetch).filter((p) => p !== "/api/vault/key")).toEqual([]);
  });
});
