import type { ReportDeskView } from "@common/verifier-reports";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { openReport } from "@/testing/report-fixtures";
import { VerifierDesk } from "./verifier-desk";

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );

describe("the verifiers' page", () => {
  it("address, code, then the person and their open report; confirming is one screen", async () => {
    const desk: ReportDeskView = {
      roles: [
        {
          verifierId: "v1",
          ownerName: "Olive",
          report: openReport,
          hasConfirmed: false,
          escalation: null,
        },
      ],
    };
    const fetch = stubFetch((url) => {
      const path = new URL(url, "http://app").pathname;
      if (path.endsWith("/sign-in")) return json({ session: "s".repeat(43) });
      if (path.endsWith("/desk")) return json(desk);
      return json({ ok: true });
    });
    const { user } = renderScreen(<VerifierDesk />);
    await user.type(screen.getByLabelText("Your e-mail address"), "ben@example.com");
    await user.click(screen.getByRole("button", { name: "Send me a code" }));
    expect(await screen.findByText(/If this address belongs to a verifier/)).toBeTruthy();
    await user.keyboard("123456");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { name: "Olive" })).toBeTruthy();
    expect(screen.getByTestId("report-details").textContent).toMatch(
      /^Anna Smith reported on .*2026 that Olive has died\. 1 of 2 has confirmed\./,
    );
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await user.click(screen.getByRole("button", { name: "Yes, I confirm" }));
    expect(await screen.findByText(/Your confirmation was recorded/)).toBeTruthy();
    expect(fetchedPaths(fetch)).toEqual([
      "/api/verifier/report/code",
      "/api/verifier/report/sign-in",
      "/api/verifier/report/desk",
      "/api/verifier/report/confirm",
      "/api/verifier/report/desk",
    ]);
    const confirm = fetch.mock.calls[3];
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({
      session: "s".repeat(43),
      verifierId: "v1",
      reportId: "r1",
    });
  });

  it("a wrong code says so and stays on the code screen", async () => {
    stubFetch((url) =>
      new URL(url, "http://app").pathname.endsWith("/sign-in")
        ? json({ error: { message: "The code is incorrect or has expired" } }, 400)
        : json({ ok: true }),
    );
    const { user } = renderScreen(<VerifierDesk />);
    await user.type(screen.getByLabelText("Your e-mail address"), "x@example.com");
    await user.click(screen.getByRole("button", { name: "Send me a code" }));
    await screen.findByText(/If this address belongs to a verifier/);
    await user.keyboard("654321");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("The code is incorrect or has expired")).toBeTruthy();
  });
});
