import type { OwnReportView, ReportView } from "@common/verifier-reports";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { openReport } from "@/testing/report-fixtures";
import { ReportBanner } from "./report-banner";
import { OwnReportCard } from "./own-report-card";

const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );
const stopped: ReportView = {
  ...openReport,
  status: "stopped",
  stoppedVia: "fine",
  closedAt: "2026-12-02T11:00:00.000Z",
};

describe("the owner's report banner", () => {
  it("says who reported what in plain words, and one button stops it", async () => {
    const fetch = stubFetch((_url, init) =>
      json({ report: init?.method === "POST" ? stopped : openReport } satisfies OwnReportView),
    );
    const { user } = renderScreen(<ReportBanner />);
    const banner = await screen.findByTestId("report-banner");
    expect(banner.textContent).toMatch(/^Anna Smith reported on .*2026 that you have died\./);
    expect(banner.getAttribute("role")).toBe("alert");
    await user.click(screen.getByRole("button", { name: "I'm fine" }));
    expect(await screen.findByText(/The report is stopped/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "I'm fine" })).toBeNull();
    expect(fetchedPaths(fetch)).toEqual(["/api/reports", "/api/reports/fine"]);
  });

  it("shows nothing without an open report", async () => {
    const fetch = stubFetch(() => json({ report: null }));
    const { container } = renderScreen(<ReportBanner />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe("");
  });

  it("the release screen's card counts the confirmations and names who confirmed", async () => {
    stubFetch(() => json({ report: openReport }));
    renderScreen(<OwnReportCard />);
    const details = await screen.findByTestId("report-details");
    expect(details.textContent).toContain("1 of 2 has confirmed.");
    expect(screen.getByRole("list", { name: "Confirmed by" }).textContent).toContain("Anna Smith");
  });
});
