import type { VerifierEscalationView } from "@common/verifier-reports";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { EscalationAnsweredNotice, EscalationSteps } from "./escalation-steps";

const escalation: VerifierEscalationView = {
  id: "e1",
  startedAt: "2026-03-07T10:00:00.000Z",
  endsAt: "2026-03-14T10:00:00.000Z",
  myAnswer: null,
  needed: 2,
  unreachable: 1,
};

describe("a verifier asked to reach the owner", () => {
  it("shows where it stands in plain words; each answer is its own screen", async () => {
    const onAnswer = vi.fn(() => Promise.resolve());
    const { user } = renderScreen(
      <EscalationSteps
        ownerName="Olive"
        escalation={escalation}
        isPending={false}
        error={null}
        onAnswer={onAnswer}
      />,
    );
    expect(screen.getByRole("heading", { name: "Please try to reach Olive" })).toBeTruthy();
    expect(
      screen.getByText(
        /^1 of 2 needed has said they could not reach Olive\. If nobody reaches them, the waiting period starts on .*2026\.$/,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "I reached them" }));
    expect(
      screen.getByRole("heading", { name: "You reached Olive and they are fine?" }),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "I could not reach them" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Back" }));
    await user.click(screen.getByRole("button", { name: "I could not reach them" }));
    await user.click(screen.getByRole("button", { name: "Yes, I could not reach them" }));
    expect(onAnswer).toHaveBeenCalledWith("unreachable");
    expect(await screen.findByRole("heading", { name: "Please try to reach Olive" })).toBeTruthy();
  });

  it("under 'never without a verifier' names no date, and an answered request shows the answer", () => {
    renderScreen(
      <EscalationSteps
        ownerName="Olive"
        escalation={{ ...escalation, endsAt: null, myAnswer: "unreachable" }}
        isPending={false}
        error={null}
        onAnswer={() => Promise.resolve()}
      />,
    );
    expect(
      screen.getByText(/Olive asked that nothing is released without a verifier's answer/),
    ).toBeTruthy();
    expect(screen.getByText("You answered: you could not reach them.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "I reached them" })).toBeNull();
  });

  it("after 'I reached them' says what happens next, even once the request has closed", () => {
    renderScreen(<EscalationAnsweredNotice answer="reached" />);
    expect(screen.getByText(/Their countdown starts again/)).toBeTruthy();
  });
});
