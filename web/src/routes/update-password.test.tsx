import { AUTH_MSG } from "@common/auth";
import { KEYS_MSG } from "@common/keys";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { prepareNewPassword } from "@/lib/keys/account-keys";
import {
  fakeAccountFetch,
  newFakeAccountServer,
  type FakeAccountServer,
  registeredAccount,
} from "@/testing/fake-account-api";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import UpdatePasswordScreen from "./update-password";

/**
 * /update-password?token=… (decision 038), the screen's states and messages: a link that opens
 * nothing, and an account with a recovery kit (its key asked for, or a plain warning before
 * anything changes). e2e/reset-password.e2e.ts walks the resets end to end with real mail.
 */
const TOKEN = "reset-token-123456";
let server: FakeAccountServer;
let fetch: ReturnType<typeof stubFetch>;

beforeEach(() => {
  server = newFakeAccountServer();
  fetch = stubFetch(fakeAccountFetch(() => server));
});

const renderAt = (path: string) => renderScreen(<UpdatePasswordScreen />, { path });

/** An account made as registration makes it, with a recovery kit, and a reset link sent. */
async function accountWithKit() {
  const made = await prepareNewPassword({ password: "Tangerine-Harbour-42" });
  server.accounts.push(registeredAccount("rita@example.com", made, TOKEN));
}

describe("the update-password screen", () => {
  it("says a used or made-up link is not valid before asking anything, and offers a new one", async () => {
    renderAt("/update-password?token=not-a-real-token");
    await screen.findByText(AUTH_MSG.linkInvalid);
    const again = screen.getByRole("link", { name: "Request a new link" });
    expect(again.getAttribute("href")).toBe("/reset-password");
    expect(screen.queryByLabelText(/password/i)).toBeNull();
    expect(fetchedPaths(fetch)).toEqual(["/api/vault/reset"]);
  });

  it("says so for a link without a token, without asking the server", async () => {
    renderAt("/update-password");
    await screen.findByText(AUTH_MSG.linkInvalid);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks for the recovery key: a key that is not theirs, then none, each said by the field", async () => {
    await accountWithKit();
    const { user } = renderAt(`/update-password?token=${TOKEN}`);
    expect((await screen.findByRole("heading", { level: 2 })).textContent).toBe(
      "Enter your recovery key",
    );
    const field = screen.getByLabelText("Recovery key");
    await user.type(field, "0000-0000-0000-0000-0000-0000-0000-0000");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByText(KEYS_MSG.wrongRecoveryKey);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    await user.clear(field);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByText(KEYS_MSG.recoveryKeyNeeded);
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByLabelText(/new password/i)).toBeNull();
  });

  it("without the key: a plain warning and a box to tick first; Back offers the key again", async () => {
    await accountWithKit();
    const { user } = renderAt(`/update-password?token=${TOKEN}`);
    await user.click(await screen.findByRole("button", { name: "I don't have my recovery key" }));
    await screen.findByText(KEYS_MSG.loseVaultWarning);
    const goOn = screen.getByRole("button", { name: "Continue without my recovery key" });
    await user.click(goOn);
    await screen.findByText(KEYS_MSG.loseVaultConfirmNeeded);
    expect(screen.queryByLabelText(/new password/i)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Back: I have my recovery key" }));
    await screen.findByLabelText("Recovery key");
    // Nothing was sent but the link's check.
    expect(fetchedPaths(fetch).filter((p) => p !== "/api/vault/reset")).toEqual([]);
  });

  it("an account without a kit is asked for a new password at once; a common one is refused in the browser", async () => {
    server.accounts.push({
      email: "nick@example.com",
      password: "Tangerine-Harbour-42",
      kdf: null,
      passwordWrappedKey: null,
      recoveryWrappedKey: null,
      escrowedDataKey: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))),
      resetToken: TOKEN,
    });
    const { user } = renderAt(`/update-password?token=${TOKEN}`);
    const password = await screen.findByLabelText(/^new password$/i);
    expect(screen.queryByLabelText("Recovery key")).toBeNull();
    // The strength meter says so first; then the check against the common-password list.
    await user.type(password, "password123");
    await screen.findByText(/^Strength: Very weak/, {}, { timeout: 15_000 });
    await user.type(screen.getByLabelText(/^confirm (new )?password$/i), "password123");
    await user.click(screen.getByRole("button", { name: "Update password" }));
    await screen.findByText(AUTH_MSG.commonPassword, {}, { timeout: 15_000 });
    expect(server.bodies).toEqual([]); // nothing sent: the account keeps its password
    expect(server.accounts[0]?.resetToken).toBe(TOKEN);
  });
});
