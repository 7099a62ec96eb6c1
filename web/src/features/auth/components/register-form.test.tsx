import { AUTH_MSG } from "@common/auth";
import { FIRM_CODE_MSG } from "@common/firm-codes";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  fakeAccountFetch,
  newFakeAccountServer,
  type FakeAccountServer,
} from "@/testing/fake-account-api";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { RegisterForm } from "./register-form";

/**
 * /register's form (spec 01 §5): what is wrong is said where it is, and focus goes there. The
 * journey e2e/register.e2e.ts walks registration end to end with the real server and mail.
 */
const GOOD_PASSWORD = "Correct-Horse-Battery-Staple-42";
let server: FakeAccountServer;
let fetch: ReturnType<typeof stubFetch>;

beforeEach(() => {
  server = newFakeAccountServer();
  fetch = stubFetch(fakeAccountFetch(() => server));
});

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: true });
const create = () => screen.getByRole("button", { name: "Create Account" });
/** Puts `text` in the field at once (a change, as typing is, without a check per keystroke). */
async function fill(user: ReturnType<typeof renderForm>["user"], label: string, text: string) {
  await user.clear(field(label));
  await user.click(field(label));
  await user.paste(text);
}
const registerCalls = () => fetchedPaths(fetch).filter((p) => p === "/api/register");

function renderForm() {
  const onRegistered = vi.fn();
  const view = renderScreen(
    <RegisterForm defaultEmail="" isEmailLocked={false} onRegistered={onRegistered} />,
  );
  return { ...view, onRegistered };
}

describe("the registration form", () => {
  it("says what is missing once, above the button, and focuses the first field", async () => {
    const { user } = renderForm();
    await user.click(create());
    await screen.findByText(AUTH_MSG.registerMissing);
    expect(screen.getAllByText(AUTH_MSG.registerMissing)).toHaveLength(1);
    expect(document.activeElement).toBe(field("Full Name"));
    expect(registerCalls()).toEqual([]);
  });

  it("checks each field again as it changes once sent: the missing message goes, a mismatch shows until fixed", async () => {
    const { user } = renderForm();
    await user.click(create());
    await screen.findByText(AUTH_MSG.registerMissing);
    await fill(user, "Full Name", "Mona Match");
    await fill(user, "Email", "mona@example.com");
    await fill(user, "Password", GOOD_PASSWORD);
    await waitFor(() => expect(screen.queryByText(AUTH_MSG.registerMissing)).toBeNull());
    await fill(user, "Confirm Password", `${GOOD_PASSWORD}!`);
    await screen.findByText(AUTH_MSG.passwordsDoNotMatch);
    await user.type(field("Confirm Password"), "{Backspace}");
    await waitFor(() => expect(screen.queryByText(AUTH_MSG.passwordsDoNotMatch)).toBeNull());
  });

  it("says a firm code the server refuses by that field, which gets the focus; one request", async () => {
    const { user, onRegistered } = renderForm();
    await fill(user, "Full Name", "Mona Match");
    await fill(user, "Email", "mona@example.com");
    await fill(user, "Password", GOOD_PASSWORD);
    await fill(user, "Confirm Password", GOOD_PASSWORD);
    await fill(user, "Firm Code (optional)", "ZZZZZZ");
    await user.click(create());
    // The keys are made first (PBKDF2 at full cost: seconds on a busy 2-core machine), then the
    // server refuses the code.
    await screen.findByText(FIRM_CODE_MSG.invalidFirmCode, {}, { timeout: 45_000 });
    const code = field("Firm Code (optional)");
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(code);
    expect(registerCalls()).toHaveLength(1);
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it("refuses a common password in the browser, by its field: nothing goes to /api/register", async () => {
    const { user } = renderForm();
    await fill(user, "Full Name", "Ada Lovelace");
    await fill(user, "Email", "ada@example.com");
    await fill(user, "Password", "Password123");
    await fill(user, "Confirm Password", "Password123");
    await user.click(create());
    await screen.findByText(AUTH_MSG.commonPassword, {}, { timeout: 15_000 });
    expect(field("Password").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field("Password"));
    expect(registerCalls()).toEqual([]);
  });
});
