import type { ReleasePlanView } from "@common/release";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { EscalationCard } from "./escalation-card";
import { PauseCard } from "./pause-card";

const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );

const view: ReleasePlanView = {
  state: "counting_down",
  plan: {
    inactivityMonths: 6,
    waitDays: 7,
    lastCheckInAt: "2026-01-01T00:00:00.000Z",
    inactivityEndsAt: "2026-07-01T00:00:00.000Z",
    requireVerifier: false,
    maxPauseDays: 90,
    pausedUntil: null,
  },
  escalation: {
    status: "open",
    startedAt: "2026-07-01T00:00:00.000Z",
    endsAt: "2026-07-08T00:00:00.000Z",
    isHeld: false,
    answers: [{ name: "Anna Smith", answer: "unreachable", at: "2026-07-02T00:00:00.000Z" }],
    needed: 2,
    asked: 3,
  },
  release: null,
  assetsWithBeneficiary: 0,
  timeline: [],
};

describe("the owner's escalation and pause", () => {
  it("says who was asked and when the wait would start; 'I'm here' is a check-in", async () => {
    const fetch = stubFetch(() =>
      json({ ...view, escalation: { ...view.escalation, status: "checked_in" } }),
    );
    const { user } = renderScreen(<EscalationCard view={view} />);
    expect(screen.getByText(/we asked your 3 verifiers to try to reach you/)).toBeTruthy();
    expect(
      screen.getByText(
        /^1 of 2 needed has said they could not reach you\. If nobody reaches you, the waiting period starts on .*2026\.$/,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "I'm here: stop this" }));
    expect(fetchedPaths(fetch)).toEqual(["/api/release/plan"]);
  });

  it("a pause shows its end and one way back", () => {
    renderScreen(<PauseCard plan={{ ...view.plan, pausedUntil: "2026-03-15T00:00:00.000Z" }} />);
    expect(screen.getByText(/you are away until/).textContent).toMatch(/14, 2026|14 Mar/);
    expect(screen.getByRole("button", { name: "I'm back: end the pause" })).toBeTruthy();
    expect(screen.queryByLabelText("I'm away until")).toBeNull();
  });
});
