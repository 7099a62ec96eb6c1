import { MESSAGE_MSG, type MilestoneConfirmer } from "@common/messages";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { deliveryStatus } from "./message-list";
import { MessageForm } from "./message-form";

/** The message form's milestone (decision 109): its fields, its hints and its messages. */

function renderForm(confirmers: MilestoneConfirmer[]) {
  const fetch = stubFetch(async (url) =>
    url === "/api/messages/confirmers"
      ? Response.json({ confirmers })
      : new Response("{}", { status: 404 }),
  );
  const view = renderScreen(
    <BeneficiaryFieldProvider renderPicker={() => <p>Beneficiary picker</p>}>
      <MessageForm onSaved={() => {}} />
    </BeneficiaryFieldProvider>,
  );
  return { ...view, fetch };
}

const describedBy = (el: HTMLElement) =>
  (el.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "");

describe("MessageForm: when something happens", () => {
  it("asks what has to happen, says it is shown in clear, and offers the confirmers the owner has", async () => {
    const { user } = renderForm(["firm"]);
    expect(screen.queryByLabelText("What has to happen")).toBeNull();
    await user.click(
      screen.getByRole("radio", { name: "When something happens (a person confirms it)" }),
    );
    const label = screen.getByLabelText("What has to happen");
    expect(describedBy(label).join(" ")).toContain("Shown in clear to the person who confirms it");
    const group = await screen.findByRole("radiogroup", { name: "Who confirms it has happened?" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => r.id.split("-").pop()),
    ).toEqual(["firm"]);
    expect(
      screen.getByText(/To choose your executor, name one among your people first/),
    ).toBeTruthy();

    await user.type(label, "Emma's wedding day");
    await user.click(within(group).getByRole("radio", { name: /My firm/ }));
    expect(screen.getByText(/^Delivered: When/).textContent).toBe(
      "Delivered: When Emma's wedding day is confirmed by your firm, after the release. It waits until then, however long that is.",
    );
  });

  it("says what is missing beside each field, and sends nothing", async () => {
    const { user, fetch } = renderForm(["executor", "firm"]);
    await user.click(
      screen.getByRole("radio", { name: "When something happens (a person confirms it)" }),
    );
    await screen.findByRole("radiogroup", { name: "Who confirms it has happened?" });
    await user.type(screen.getByLabelText("What has to happen"), "   ");
    await user.click(screen.getByRole("button", { name: "Save message" }));
    const label = screen.getByLabelText("What has to happen");
    expect(label.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(label)).toContain(MESSAGE_MSG.milestoneLabelRequired);
    const group = screen.getByRole("radiogroup", { name: "Who confirms it has happened?" });
    expect(describedBy(group)).toEqual([MESSAGE_MSG.milestoneConfirmerInvalid]);
    expect(fetchedPaths(fetch)).toEqual(["/api/messages/confirmers"]);
  });

  it("says when nobody can confirm it yet", async () => {
    const { user } = renderForm([]);
    await user.click(
      screen.getByRole("radio", { name: "When something happens (a person confirms it)" }),
    );
    expect((await screen.findByText(/Nobody can confirm it yet/)).getAttribute("role")).toBe(
      "alert",
    );
    expect(screen.queryByRole("radiogroup", { name: "Who confirms it has happened?" })).toBeNull();
  });
});

describe("deliveryStatus of a milestone", () => {
  const schedule = {
    assetId: "m",
    delivery: { when: "milestone", label: "Emma's wedding day", confirmer: "executor" },
    releasedAt: "2026-12-01T10:00:00.000Z",
    dueAt: null,
    deliveredAt: null,
    confirmedAt: null,
  } as const;
  it("waits for its confirmation, then says when it was confirmed and delivered", () => {
    expect(deliveryStatus(schedule)).toBe("When Emma's wedding day is confirmed by your executor");
    const confirmed = {
      ...schedule,
      dueAt: "2027-06-12T09:00:00.000Z",
      confirmedAt: "2027-06-12T09:00:00.000Z",
    };
    expect(deliveryStatus(confirmed)).toMatch(
      /^When Emma's wedding day is confirmed by your executor: confirmed .*2027/,
    );
    expect(deliveryStatus({ ...confirmed, deliveredAt: "2027-06-12T09:01:00.000Z" })).toMatch(
      /^Delivered .*2027/,
    );
  });
});
