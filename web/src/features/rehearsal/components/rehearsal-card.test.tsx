import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { RehearsalCard } from "./rehearsal-card";

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );

describe("the test run card", () => {
  it("sends the test run and says how many e-mails went to whom", async () => {
    const fetch = stubFetch(() => json({ sent: 8, to: "olive@example.com" }));
    const { user } = renderScreen(<RehearsalCard />);
    await user.click(screen.getByRole("button", { name: "Send me a test run" }));
    expect((await screen.findByTestId("rehearsal-sent")).textContent).toBe(
      "8 test e-mails are on their way to olive@example.com.",
    );
    expect(fetchedPaths(fetch)).toEqual(["/api/release/rehearsal"]);
    expect(fetch.mock.calls[0]?.[1]?.method).toBe("POST");
  });

  it("says when the day's test runs are used up", async () => {
    stubFetch(() => json({ error: { code: "RATE_LIMITED", message: "Too many requests" } }, 429));
    const { user } = renderScreen(<RehearsalCard />);
    await user.click(screen.getByRole("button", { name: "Send me a test run" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "You can send at most 3 test runs a day. Try again tomorrow.",
    );
  });
});
