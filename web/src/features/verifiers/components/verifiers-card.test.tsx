import type { VerifierView, VerifiersView } from "@common/verifiers";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { VerifiersCard } from "./verifiers-card";

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );

const verifier = (over: Partial<VerifierView>): VerifierView => ({
  id: crypto.randomUUID(),
  kind: "person",
  name: "Vera",
  email: "vera@example.com",
  status: "invited",
  invitedAt: "2026-11-02T10:00:00.000Z",
  inviteExpiresAt: "2099-11-09T10:00:00.000Z",
  respondedAt: null,
  lastAnsweredAt: null,
  isFormerFirm: false,
  ...over,
});

const view = (verifiers: VerifierView[], over: Partial<VerifiersView> = {}): VerifiersView => ({
  verifiers,
  threshold: verifiers.length ? 1 : null,
  acceptedCount: verifiers.filter((v) => v.status === "accepted").length,
  eligibleCount: verifiers.filter((v) => v.status !== "declined").length,
  max: 5,
  canAddFirm: false,
  firmName: null,
  ...over,
});

describe("the owner's verifiers card", () => {
  it("says nobody is named yet and offers the form, and the firm when there is one", async () => {
    stubFetch(() => json(view([], { canAddFirm: true, firmName: "Smith & Co" })));
    renderScreen(<VerifiersCard />);
    expect((await screen.findByTestId("verifiers-summary")).textContent).toBe(
      "You have not named any verifiers yet.",
    );
    expect(screen.getByRole("button", { name: "Invite verifier" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add Smith & Co as a verifier" })).toBeTruthy();
    expect(screen.queryByLabelText("How many must confirm")).toBeNull();
  });

  it("shows each state in words, how many accepted, k, and a warning while fewer than k accepted", async () => {
    const accepted = verifier({
      name: "Ann",
      status: "accepted",
      respondedAt: "2026-11-03T10:00:00.000Z",
      lastAnsweredAt: "2027-11-04T10:00:00.000Z",
    });
    const invited = verifier({ name: "Ben" });
    const declined = verifier({
      name: "Cy",
      status: "declined",
      respondedAt: "2026-11-05T10:00:00.000Z",
    });
    stubFetch(() => json(view([accepted, invited, declined], { threshold: 2 })));
    renderScreen(<VerifiersCard />);
    expect((await screen.findByTestId("verifiers-summary")).textContent).toBe(
      "1 of 3 have accepted.",
    );
    const states = screen.getAllByTestId("verifier-state").map((s) => s.textContent);
    expect(states[0]).toMatch(/^Accepted on .*2026 · last answered on .*2027$/);
    expect(states[1]).toMatch(/^Invited on .*2026, has not answered yet$/);
    expect(states[2]).toMatch(/^Declined on .*2026$/);
    const picker = screen.getByLabelText<HTMLSelectElement>("How many must confirm");
    expect(picker.value).toBe("2");
    expect(
      within(picker)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["1 of 2", "2 of 2"]);
    expect(screen.getByRole("alert").textContent).toBe("Only 1 has accepted so far: 2 are needed.");
    // no resend for the one who accepted
    expect(screen.queryByRole("button", { name: "Send again to Ann" })).toBeNull();
    expect(screen.getByRole("button", { name: "Send again to Ben" })).toBeTruthy();
  });

  it("says when an invitation link has expired, and offers to send it again", async () => {
    const expired = verifier({ name: "Ed", inviteExpiresAt: "2026-11-09T10:00:00.000Z" });
    stubFetch(() => json(view([expired])));
    renderScreen(<VerifiersCard />);
    expect((await screen.findByTestId("verifier-state")).textContent).toMatch(
      /^Invitation expired on .*2026: send it again$/,
    );
    expect(screen.getByRole("button", { name: "Send again to Ed" })).toBeTruthy();
  });

  it("saves a new k as soon as it is chosen", async () => {
    const two = [verifier({ name: "Ann" }), verifier({ name: "Ben" })];
    const fetch = stubFetch((url, init) =>
      json(init?.method === "PUT" ? view(two, { threshold: 2 }) : view(two)),
    );
    const { user } = renderScreen(<VerifiersCard />);
    await user.selectOptions(await screen.findByLabelText("How many must confirm"), "2");
    expect(await screen.findByText("2 of 2 must confirm before anything can happen.")).toBeTruthy();
    expect(fetchedPaths(fetch)).toEqual(["/api/verifiers", "/api/verifiers/threshold"]);
    expect(fetch.mock.calls[1]?.[1]?.body).toBe(JSON.stringify({ threshold: 2 }));
  });
});
