import { FIRM_EDIT_MSG } from "@common/firms";
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { LogoPicker, type LogoChange } from "./logo-picker";

/** The picker as /firm/edit's form holds it: its change and its error in the form's state. */
function Picker() {
  const [change, setChange] = useState<LogoChange>({ kind: "keep" });
  const [error, setError] = useState<string>();
  return (
    <LogoPicker
      currentUrl={null}
      change={change}
      onChange={setChange}
      error={error}
      onError={setError}
      progress={null}
    />
  );
}

/** /firm/edit's logo: the browser's checks before any upload (e2e/firm-people.e2e.ts uploads one). */
describe("the firm logo picker", () => {
  it("says what it wants, and refuses a file that is not an image without a preview", async () => {
    renderScreen(<Picker />);
    expect(screen.getByText(FIRM_EDIT_MSG.logoHint)).toBeTruthy();

    const text = new File(["not an image"], "notes.txt", { type: "text/plain" });
    // The input is hidden (the Upload Logo button opens it): the file is chosen on it directly.
    fireEvent.change(screen.getByTestId("logo-file"), { target: { files: [text] } });
    expect(await screen.findByText(FIRM_EDIT_MSG.logoNotImage)).toBe(screen.getByRole("alert"));
    expect(screen.queryByRole("img", { name: "Preview of the new logo" })).toBeNull();
    expect(
      screen.getByRole("button", { name: /Upload Logo/ }).getAttribute("aria-describedby"),
    ).toMatch(/ /);
  });
});
