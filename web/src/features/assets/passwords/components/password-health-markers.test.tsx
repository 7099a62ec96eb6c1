import type { OpenedAssetView } from "@/features/assets/titles/open-titles";
import type { PasswordContent } from "@common/assets/passwords";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { openedAssetView } from "@/testing/asset-views";
import { renderScreen } from "@/testing/render-screen";
import { usePasswordHealth } from "../use-password-health";
import { PasswordList } from "./password-list";
import { PasswordsHealthSummary } from "./passwords-health-summary";

/**
 * /vault's "weak or reused" markers (issue 16, point 2) as the screen composes them: the decrypted
 * passwords rated in the browser (usePasswordHealth, real zxcvbn), a badge in words on each marked
 * row, and the count above the list. Decryption itself is the journeys' and the unit tests' part.
 */
const asset = (id: string, title: string): OpenedAssetView => openedAssetView({ id, title });
const content = (password: string): PasswordContent => ({
  website: "",
  username: "",
  password,
  notes: "",
});

/** The vault as the screen has it once decrypted: the assets, and their fields by id. */
function decrypted(passwords: { title: string; password: string }[]) {
  const assets = passwords.map((p, i) => asset(`00000000-0000-4000-8000-00000000000${i}`, p.title));
  const contents = new Map(assets.map((a, i) => [a.id, content(passwords[i]?.password ?? "")]));
  return { assets, contents };
}

function RatedList({ assets, contents }: ReturnType<typeof decrypted>) {
  const health = usePasswordHealth(contents);
  return (
    <>
      <PasswordsHealthSummary health={health.data} />
      <PasswordList
        passwords={assets}
        contents={contents}
        isDecrypting={false}
        onDelete={() => undefined}
        onUsed={() => undefined}
        health={health.data}
      />
    </>
  );
}

const row = (title: string) =>
  within(screen.getByRole("list", { name: "Passwords" }))
    .getAllByRole("listitem")
    .find((li) => within(li).queryByRole("link", { name: title }));

describe("the weak or reused markers of /vault", () => {
  it("marks weak and reused passwords in words, counts them, and leaves a strong one alone", async () => {
    const shared = "Shared-9f3c61d2-5a7e-4c1b-b0d8-2e6a7f4c9b13";
    const vault = decrypted([
      { title: "Mail account", password: "Strong-5b1e7c2a-3d94-4f60-a8e2-c7d1f0b96e45" },
      { title: "Weak one", password: "password123" },
      { title: "Reused A", password: shared },
      { title: "Reused B", password: shared },
    ]);
    renderScreen(<RatedList {...vault} />);
    // Rated once zxcvbn's dictionaries have loaded (up to a few seconds in a test worker).
    await screen.findByText(/^3 passwords are weak or reused\./, {}, { timeout: 10_000 });
    expect(row("Weak one")?.textContent).toContain("Weak password");
    expect(row("Reused A")?.textContent).toContain("Reused password");
    expect(row("Reused B")?.textContent).toContain("Reused password");
    expect(row("Mail account")?.textContent).not.toMatch(/weak|reused/i);
  });
});
