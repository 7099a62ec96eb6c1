import { PLAYBOOK, type PlaybookTicks } from "@common/playbook";
import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { PlaybookChecklist } from "./playbook-checklist";

const row = (name: string) => {
  const item = screen
    .getAllByRole("listitem")
    .find((li) => li.querySelector("h3")?.textContent?.startsWith(`${name}:`));
  if (!item) throw new Error(`no row for ${name}`);
  return within(item);
};

/** The checklist holding its own ticks, as the screen does once each save succeeds. */
function Stateful({
  initial,
  onChange,
}: {
  initial: PlaybookTicks;
  onChange: (t: PlaybookTicks) => void;
}) {
  const [ticks, setTicks] = useState(initial);
  return (
    <PlaybookChecklist
      ticks={ticks}
      today="2026-12-03"
      onChange={(next) => {
        onChange(next);
        setTicks(next);
      }}
    />
  );
}

describe("the playbook checklist", () => {
  it("lists every platform, not done yet, with its own tool", () => {
    renderScreen(<PlaybookChecklist ticks={{}} onChange={() => {}} />);
    const list = screen.getByRole("list", { name: "Accounts" });
    const rows = within(list)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === list);
    expect(rows).toHaveLength(PLAYBOOK.length);
    expect(row("Google").getByRole("heading", { level: 3 }).textContent).toBe(
      "Google: Inactive Account Manager",
    );
    expect(row("Google").getByTestId("tick-state").textContent).toBe("Not done yet");
    expect(screen.getByTestId("playbook-progress").textContent).toBe(
      `0 of ${PLAYBOOK.length} done`,
    );
    // A platform with its own tool says "set up"; one without asks only whether it is done.
    expect(row("Google").getByRole("button", { name: "I've set it up" })).toBeTruthy();
    expect(row("PayPal").getByRole("button", { name: "Done" })).toBeTruthy();
    expect(row("PayPal").queryByRole("button", { name: "I've set it up" })).toBeNull();
  });

  it("ticks a platform with today's date, and undoes it", async () => {
    const onChange = vi.fn();
    const { user } = renderScreen(<Stateful initial={{}} onChange={onChange} />);
    await user.click(row("Google").getByRole("button", { name: "I've set it up" }));
    expect(onChange).toHaveBeenLastCalledWith({ google: { status: "done", on: "2026-12-03" } });
    expect(row("Google").getByTestId("tick-state").textContent).toBe("Done on Dec 3, 2026");
    expect(screen.getByTestId("playbook-progress").textContent).toBe(
      `1 of ${PLAYBOOK.length} done`,
    );

    await user.click(row("LinkedIn").getByRole("button", { name: "I don't use it" }));
    expect(row("LinkedIn").getByTestId("tick-state").textContent).toBe(
      "You don't use it (noted Dec 3, 2026)",
    );
    expect(onChange).toHaveBeenLastCalledWith({
      google: { status: "done", on: "2026-12-03" },
      linkedin: { status: "not_used", on: "2026-12-03" },
    });

    await user.click(row("Google").getByRole("button", { name: "Undo" }));
    expect(row("Google").getByTestId("tick-state").textContent).toBe("Not done yet");
    expect(onChange).toHaveBeenLastCalledWith({
      linkedin: { status: "not_used", on: "2026-12-03" },
    });
  });

  it("shows how to set it up, the official page and what the executor will do", async () => {
    const { user } = renderScreen(<PlaybookChecklist ticks={{}} onChange={() => {}} />);
    const apple = row("Apple");
    await user.click(apple.getByText("How to"));
    const link = apple.getByRole("link", { name: /Apple's own help page/ });
    expect(link.getAttribute("href")).toBe("https://support.apple.com/en-us/102631");
    expect(link.getAttribute("rel")).toContain("noopener");
    expect(apple.getByText("What your executor will do")).toBeTruthy();
    expect(apple.getByText("Checked on Dec 3, 2026")).toBeTruthy();
  });

  it("says when earlier ticks could not be opened, or a tick not saved, and waits while saving", () => {
    renderScreen(
      <PlaybookChecklist
        ticks={{}}
        onChange={() => {}}
        isUnreadable
        isSaving
        saveError="Your tick could not be saved. Try again."
      />,
    );
    const alerts = screen.getAllByRole("alert").map((a) => a.textContent);
    expect(alerts).toEqual([
      expect.stringContaining("sealed with a key this vault no longer has"),
      "Your tick could not be saved. Try again.",
    ]);
    expect(
      row("Google").getByRole("button", { name: "I've set it up" }).hasAttribute("disabled"),
    ).toBe(true);
  });
});
