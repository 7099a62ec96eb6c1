import type { OpenedAssetView } from "@/features/assets/titles/open-titles";
import type { ReleasePlanView } from "@common/release";
import { describe, expect, it } from "vitest";
import { openedAssetView } from "@/testing/asset-views";
import { receivedAs } from "@common/assets";
import { itemsLeftTo, releaseLine, sharedWith } from "./what-they-receive";

const asset = (title: string, beneficiaryEmails: string[]): OpenedAssetView =>
  openedAssetView({ id: title, title, beneficiaryEmails });

const plan = (state: ReleasePlanView["state"], extra: Partial<ReleasePlanView> = {}) =>
  ({
    state,
    plan: {
      inactivityMonths: 6,
      waitDays: 14,
      lastCheckInAt: "2026-01-01T00:00:00Z",
      inactivityEndsAt: "2026-07-01T00:00:00Z",
    },
    release: null,
    assetsWithBeneficiary: 1,
    timeline: [],
    ...extra,
  }) as ReleasePlanView;

describe("what a beneficiary will receive", () => {
  it("lists only the items left to that address (any case), by title", () => {
    const all = [
      asset("Bank", ["emma@example.com"]),
      asset("Atlas", ["EMMA@example.com "]),
      asset("Car", ["sam@example.com"]),
      asset("Diary", []),
      asset("House", ["sam@example.com", "emma@example.com"]),
    ];
    expect(itemsLeftTo(all, "Emma@Example.com").map((a) => a.title)).toEqual([
      "Atlas",
      "Bank",
      "House",
    ]);
    expect(itemsLeftTo(all, "sam@example.com").map((a) => a.title)).toEqual(["Car", "House"]);
  });

  it("adds what a role gives the address (decision 091), and says why", () => {
    const pension = openedAssetView({
      id: "p",
      title: "Pension",
      type: "estate",
      roleGrants: [{ email: "emma@example.com", role: "executor" }],
    });
    const all = [asset("Bank", ["emma@example.com"]), pension, asset("Car", ["sam@example.com"])];
    expect(itemsLeftTo(all, "EMMA@example.com").map((a) => a.title)).toEqual(["Bank", "Pension"]);
    expect(itemsLeftTo(all, "sam@example.com").map((a) => a.title)).toEqual(["Car"]);
    expect(receivedAs(pension, "emma@example.com")).toBe("executor");
    expect(receivedAs(all[0]!, "emma@example.com")).toBe("left");
    expect(receivedAs(pension, "sam@example.com")).toBeNull();
  });

  it("names the others an item is also left to (docs/decisions/053)", () => {
    const house = asset("House", ["sam@example.com", "emma@example.com"]);
    expect(sharedWith(house, "EMMA@example.com")).toEqual(["sam@example.com"]);
    expect(sharedWith(asset("Bank", ["emma@example.com"]), "emma@example.com")).toEqual([]);
  });

  it("says when the release plan would hand them over, in each state", () => {
    expect(releaseLine(plan("none"), "Emma")).toMatch(/only if your law firm reports/);
    expect(releaseLine(plan("counting_down"), "Emma")).toMatch(
      /if you do not check in for 6 months .*14-day wait/,
    );
    expect(
      releaseLine(
        plan("waiting", {
          release: { releaseAt: "2026-08-01T10:00:00Z" } as ReleasePlanView["release"],
        }),
        "Emma",
      ),
    ).toMatch(/^A release is waiting: Emma receives these on .+ unless you cancel\.$/);
    expect(releaseLine(plan("released"), "Emma")).toMatch(/^Released: Emma was e-mailed/);
  });
});
