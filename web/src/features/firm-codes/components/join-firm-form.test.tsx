import { FIRM_CODE_MSG } from "@common/firm-codes";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { useJoinFirm } from "../api/join-firm";
import { JoinFirmForm } from "./join-firm-form";

/** /join-firm's form as its screen holds it. */
function Form() {
  return <JoinFirmForm join={useJoinFirm()} />;
}

/** The server's answer to a code no firm has (GET /api/firms/lookup). */
const noSuchCode = () =>
  Response.json(
    { error: { code: "NOT_FOUND", message: FIRM_CODE_MSG.invalidFirmCode } },
    { status: 404 },
  );

/** /join-firm's live check (spec 01 §4); e2e/firm-onboarding.e2e.ts joins a firm through it. */
describe("the join-firm form", () => {
  it("asks for a code; checks one as typed, once after the last key, says 'Checking...' and refuses it", async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const fetch = stubFetch(async () => {
      await held;
      return noSuchCode();
    });
    const { user } = renderScreen(<Form />);
    const input = screen.getByLabelText("Firm Code");
    const join = screen.getByRole("button", { name: "Join Firm" });

    await user.click(join);
    expect(await screen.findByText(FIRM_CODE_MSG.enterFirmCode)).toBeTruthy();
    expect(document.activeElement).toBe(input);

    await user.type(input, "zz9 zz9");
    expect((input as HTMLInputElement).value).toBe("ZZ9ZZ9");
    expect(fetch).not.toHaveBeenCalled(); // 500 ms after the last key
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Checking..."));
    answer();
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe(FIRM_CODE_MSG.invalidFirmCode),
    );
    expect(screen.getAllByText(FIRM_CODE_MSG.invalidFirmCode)).toHaveLength(2); // and under the field
    expect(join).toHaveProperty("disabled", true);
    // One look-up, for the whole code: none for ZZ9, ZZ9Z or ZZ9ZZ as they were typed.
    expect(fetchedPaths(fetch)).toEqual(["/api/firms/lookup"]);
    expect(String(fetch.mock.calls[0]?.[0])).toContain("code=ZZ9ZZ9");
  });
});
