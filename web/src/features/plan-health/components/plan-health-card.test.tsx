import { planHealthEntries, type PlanHealthFacts } from "@common/plan-health";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { PlanHealthCard } from "./plan-health-card";

const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );
const facts: PlanHealthFacts = {
  hasReleasePlan: true,
  requiresVerifier: false,
  verifierCount: 0,
  acceptedVerifierCount: 0,
  threshold: 1,
  keysNotHandedOver: 0,
  isRecoveryKitMissing: false,
  failingEmails: [],
  itemsLeftToNobody: 2,
  platformsNotTicked: 0,
  isExecutorMissing: false,
  caregiversWithoutKey: 0,
};

describe("the plan health card", () => {
  it("lists for the owner what needs attention, each with the way to fix it", async () => {
    const fetch = stubFetch(() => json({ entries: planHealthEntries(facts, "owner") }));
    renderScreen(<PlanHealthCard />);
    const list = await screen.findByRole("list", { name: "Things to look at" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual([
      "No one is named to confirm a death or incapacity: add verifiers.Name verifiers",
      "2 items are left to nobody.Review your items",
    ]);
    expect(screen.getByRole("link", { name: "Review your items" }).getAttribute("href")).toBe(
      "/profile/inventory",
    );
    expect(screen.getByRole("region", { name: "Plan health" })).toBeTruthy();
    expect(fetchedPaths(fetch)).toEqual(["/api/plan-health"]);
  });

  it("says so when nothing needs attention", async () => {
    stubFetch(() => json({ entries: [] }));
    renderScreen(<PlanHealthCard />);
    expect((await screen.findByTestId("plan-health-good")).textContent).toBe(
      "Nothing needs your attention.",
    );
  });

  it("shows the client's firm the facts, without links, from the client's own route", async () => {
    const fetch = stubFetch(() => json({ entries: planHealthEntries(facts, "firm") }));
    renderScreen(<PlanHealthCard client={{ id: "client-1", name: "Rita" }} />);
    expect(await screen.findByText("Items left to nobody: 2.")).toBeTruthy();
    expect(screen.getByText("No verifiers are named.")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByRole("region", { name: "Plan health of Rita" })).toBeTruthy();
    expect(fetchedPaths(fetch)).toEqual(["/api/clients/client-1/plan-health"]);
  });

  it("offers a retry when the list cannot be read", async () => {
    stubFetch(() => Promise.resolve(new Response("{}", { status: 500 })));
    renderScreen(<PlanHealthCard />);
    expect(await screen.findByRole("button", { name: /try again|retry/i })).toBeTruthy();
  });
});
