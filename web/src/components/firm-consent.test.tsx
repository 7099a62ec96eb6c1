import { FIRM_CONSENT_MSG, FIRM_NEVER_SEES, FIRM_SEES } from "@common/firm-membership";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FirmConsent } from "./firm-consent";

/** What a client reads before joining a firm (decision 047): e2e/firm-consent.e2e.ts shows it where it is asked. */
describe("the firm consent statement", () => {
  it("says what the firm sees, what it never sees, that it keeps private notes, and that leaving is possible", () => {
    const { container } = render(<FirmConsent firmName="Smith & Co" />);
    expect(screen.getByText(FIRM_CONSENT_MSG.seesHeading("Smith & Co"))).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([...FIRM_SEES]);
    expect(screen.getByText(FIRM_NEVER_SEES)).toBeTruthy();
    expect(container.textContent).toContain(
      "Smith & Co may keep its own file reference and private notes about you, which you do not see.",
    );
    expect(screen.getByText(FIRM_CONSENT_MSG.leaveAnyTime)).toBeTruthy();
  });
});
