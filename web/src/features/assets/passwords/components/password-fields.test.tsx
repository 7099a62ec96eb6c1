import { zodResolver } from "@hookform/resolvers/zod";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { renderScreen } from "@/testing/render-screen";
import { emptyPasswordForm, newPasswordSchema, type PasswordForm } from "../password-form-schema";
import { PasswordFields } from "./password-fields";

/**
 * The Password field of /vault/new and of /vault/{id}'s edit mode (both render PasswordFields): the
 * generator fills it, the strength meter under it rates it (issue 16, point 4). The journey
 * e2e/vault-forms.e2e.ts saves a generated password; the states and words are checked here.
 */
function Fields() {
  const form = useForm<PasswordForm>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: emptyPasswordForm,
  });
  return (
    <BeneficiaryFieldProvider renderPicker={() => null}>
      <form>
        <PasswordFields form={form} />
      </form>
    </BeneficiaryFieldProvider>
  );
}

const passwordInput = () => screen.getByLabelText<HTMLInputElement>("Password", { exact: true });
const meter = () => screen.getByTestId("password-strength");
/** zxcvbn's dictionaries load on the first rating: up to a few seconds in a test worker. */
const rated = (text: string | RegExp) => within(meter()).findByText(text, {}, { timeout: 10_000 });

describe("the password generator and strength meter", () => {
  it("generates by keyboard alone: 24 letters and digits once Length is raised and Symbols unticked", async () => {
    const { user } = renderScreen(<Fields />);
    await user.click(passwordInput());
    const length = screen.getByLabelText(/^Length:/);
    for (let i = 0; i < 8 && document.activeElement !== length; i++) await user.tab();
    expect(document.activeElement).toBe(length);
    // A native range: its arrow keys are the browser's (happy-dom has none); 4 steps of 1 from 20.
    fireEvent.change(length, { target: { value: "24" } });
    expect(screen.getByText(/^Length:/).textContent).toBe("Length: 24 characters");

    const symbols = screen.getByLabelText<HTMLInputElement>("Symbols (!#$...)");
    for (let i = 0; i < 4 && document.activeElement !== symbols; i++) await user.tab();
    expect(document.activeElement).toBe(symbols);
    await user.keyboard(" ");
    expect(symbols.checked).toBe(false);
    const generate = screen.getByRole("button", { name: "Generate password" });
    for (let i = 0; i < 2 && document.activeElement !== generate; i++) await user.tab();
    expect(document.activeElement).toBe(generate);
    await user.keyboard("{Enter}");

    expect(passwordInput().value).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(passwordInput().value).toMatch(/[0-9]/);
    // The meter: the strength in words, in one polite live region.
    await rated("Strength: Strong.");
    expect(meter().querySelectorAll("[aria-live=polite]")).toHaveLength(1);
  });

  it("calls a common password weak, with zxcvbn's words", async () => {
    const { user } = renderScreen(<Fields />);
    await user.type(passwordInput(), "password123");
    await rated(/Strength: (Very weak|Weak)\./);
    expect(meter().textContent).toMatch(/common/i);
  });

  it("generates a passphrase of six words, rated good or strong", async () => {
    const { user } = renderScreen(<Fields />);
    await user.click(screen.getByLabelText("Passphrase (words)"));
    expect(screen.getByText(/^Words:/).textContent).toBe("Words: 6");
    await user.click(screen.getByRole("button", { name: "Generate password" }));
    await act(() => expect.poll(() => passwordInput().value.split("-")).toHaveLength(6));
    await rated(/Strength: (Good|Strong)\./);

    // Back to random characters: a new password of the default kind.
    await user.click(screen.getByLabelText("Random characters"));
    await user.click(screen.getByRole("button", { name: "Generate password" }));
    expect(passwordInput().value).toHaveLength(20);
  });
});
