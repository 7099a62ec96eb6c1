import { ASSET_MSG } from "@common/assets";
import { PASSWORD_MSG } from "@common/assets/passwords";
import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { OpenedAsset } from "@/features/assets/api/get-asset";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { newContentKey } from "@/lib/crypto/vault-crypto";
import { openedAssetView } from "@/testing/asset-views";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { CreatePasswordForm } from "./create-password-form";
import { EditPasswordForm } from "./edit-password-form";

/**
 * What /vault/new and /vault/{id}'s edit mode refuse before anything is encrypted or sent
 * (decision 078). The journey e2e/vault-passwords.e2e.ts keeps adding, editing (Cancel, Done, an
 * empty title keeping the stored one) and axe on the new form's error state.
 */

const nothingAnswers = () => stubFetch(async () => new Response("{}", { status: 404 }));
const alerts = () => screen.getAllByRole("alert").map((alert) => alert.textContent);
const withFields = (form: ReactNode) => (
  <BeneficiaryFieldProvider renderPicker={() => null}>{form}</BeneficiaryFieldProvider>
);

describe("the password forms' own checks", () => {
  it("/vault/new requires a title and a password, and moves focus to the title", async () => {
    const fetch = nothingAnswers();
    const created: string[] = [];
    const { user } = renderScreen(
      withFields(<CreatePasswordForm onCreated={(id) => void created.push(id)} />),
      { path: "/vault/new" },
    );
    await user.click(screen.getByRole("button", { name: "Save Password" }));
    expect(await screen.findByText(ASSET_MSG.titleRequired)).toBeTruthy();
    expect(alerts()).toEqual(
      expect.arrayContaining([ASSET_MSG.titleRequired, PASSWORD_MSG.passwordRequired]),
    );
    expect(document.activeElement?.getAttribute("name")).toBe("title");
    expect(created).toEqual([]);
    expect(fetchedPaths(fetch).filter((p) => p.startsWith("/api/assets"))).toEqual([]);
  });

  it("the edit mode refuses an empty password, keeping the rest as typed", async () => {
    const fetch = nothingAnswers();
    const opened: OpenedAsset<"password"> = {
      asset: openedAssetView({ title: "Online Banking" }),
      content: {
        username: "ada@example.com",
        password: "Pw-stored",
        website: "bank.example.com",
        notes: "",
      },
      contentKey: await newContentKey(),
      wrappedKey: new Uint8Array(40),
    };
    const done: boolean[] = [];
    const { user } = renderScreen(
      withFields(
        <EditPasswordForm opened={opened} onDone={() => done.push(true)} onCancel={() => {}} />,
      ),
      { path: `/vault/${opened.asset.id}` },
    );
    const password = screen.getByLabelText<HTMLInputElement>("Password", { exact: true });
    expect(password.value).toBe("Pw-stored");
    await user.clear(password);
    await user.click(screen.getByRole("button", { name: "Done" }));
    expect(await screen.findByText(PASSWORD_MSG.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Title").value).toBe("Online Banking");
    expect(done).toEqual([]);
    expect(fetchedPaths(fetch).filter((p) => p.startsWith("/api/assets"))).toEqual([]);
  });
});
