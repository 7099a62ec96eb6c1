import type { TasksView } from "@common/executor-tasks";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { TaskProgress } from "./task-progress";

const counts = { todo: 1, in_progress: 1, done: 1, not_needed: 0 };

describe("the portal's task progress", () => {
  it("shows the family each task's action, status and due date, and which are theirs", () => {
    const view: TasksView = {
      estates: [
        {
          role: "family",
          ownerId: "owner-1",
          ownerName: "Olga Owner",
          counts,
          tasks: [
            { id: "t1", action: "close", status: "done", dueDate: "2027-01-15" },
            { id: "t2", action: "claim", status: "in_progress", dueDate: null },
            { id: "t3", action: "memorialise", status: "todo", dueDate: null },
          ],
          assignedTaskIds: ["t2"],
        },
      ],
    };
    renderScreen(<TaskProgress view={view} />);
    const region = screen.getByRole("region", {
      name: "Olga Owner's estate: the executor's progress",
    });
    expect(within(region).getByText("1 of 3 tasks finished.")).toBeTruthy();
    const rows = within(region).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      "Close itDoneJan 15, 2027",
      "Claim it (assigned to you)In progress—",
      "Ask for a memorialTo do—",
    ]);
  });

  it("shows the executor of an estate with no task yet the way into their workspace", () => {
    const view: TasksView = {
      estates: [
        {
          role: "executor",
          ownerId: "owner-1",
          ownerName: "Olga Owner",
          openUntil: "2027-05-03T12:00:00.000Z",
          workspaceKey: { state: "unavailable" },
          counts: { todo: 0, in_progress: 0, done: 0, not_needed: 0 },
          tasks: [],
        },
      ],
    };
    renderScreen(<TaskProgress view={view} />);
    const region = screen.getByRole("region", {
      name: "Olga Owner's estate: your tasks as executor",
    });
    expect(region.textContent).toContain("No tasks yet");
    expect(within(region).getByRole("link", { name: "Open your tasks" })).toBeTruthy();
  });

  it("shows the executor the counts, and the family nothing for an estate without tasks", () => {
    const view: TasksView = {
      estates: [
        {
          role: "executor",
          ownerId: "owner-1",
          ownerName: "Olga Owner",
          openUntil: "2027-05-03T12:00:00.000Z",
          workspaceKey: { state: "not-shared" },
          counts: { todo: 0, in_progress: 0, done: 1, not_needed: 1 },
          tasks: [
            {
              id: "t1",
              source: { kind: "entry", id: "e1" },
              action: "close",
              status: "done",
              dueDate: null,
              assigneeEmail: null,
              note: null,
              proofs: [],
              updatedAt: "2026-12-01T00:00:00.000Z",
            },
          ],
        },
        {
          role: "family",
          ownerId: "owner-2",
          ownerName: "Sam Other",
          counts: { todo: 0, in_progress: 0, done: 0, not_needed: 0 },
          tasks: [],
          assignedTaskIds: [],
        },
      ],
    };
    renderScreen(<TaskProgress view={view} />);
    const region = screen.getByRole("region", {
      name: "Olga Owner's estate: your tasks as executor",
    });
    expect(region.textContent).toContain("2 of 2 tasks finished.");
    expect(within(region).getByRole("link", { name: "Open your tasks" })).toHaveProperty(
      "href",
      expect.stringMatching(/\/legacy\?tasks=owner-1$/),
    );
    expect(screen.queryByText(/Sam Other/)).toBeNull();
    expect(screen.queryAllByRole("table")).toHaveLength(0);
  });
});
