import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { ExecutorProgressCard } from "./executor-progress-card";

const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );

describe("the executor's progress on a client's page", () => {
  it("shows the counts per status, and how many are finished", async () => {
    const fetch = stubFetch(() =>
      json({ hasTasks: true, counts: { todo: 3, in_progress: 1, done: 4, not_needed: 1 } }),
    );
    renderScreen(<ExecutorProgressCard clientId="client-1" />);
    expect((await screen.findByTestId("executor-progress-summary")).textContent).toBe(
      "5 of 9 tasks finished.",
    );
    const region = screen.getByRole("region", { name: "Executor's progress" });
    expect(region.querySelectorAll("dd")).toHaveLength(4);
    expect(region.textContent).toContain("In progress1");
    expect(fetchedPaths(fetch)).toEqual(["/api/clients/client-1/executor-progress"]);
  });

  it("shows nothing before the executor has made tasks", async () => {
    const fetch = stubFetch(() =>
      json({ hasTasks: false, counts: { todo: 0, in_progress: 0, done: 0, not_needed: 0 } }),
    );
    const { container } = renderScreen(<ExecutorProgressCard clientId="client-2" />);
    await expect
      .poll(() => fetchedPaths(fetch))
      .toEqual(["/api/clients/client-2/executor-progress"]);
    expect(container.textContent).toBe("");
  });
});
