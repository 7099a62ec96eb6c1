import type { FirmReportView } from "@common/verifier-reports";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { FirmReportCard } from "./firm-report-card";
import { openReport } from "@/testing/report-fixtures";

const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );

describe("the firm's report card on a client's page", () => {
  it("an admin reports: what happened, a note, then Send; the card says who must confirm", async () => {
    const none: FirmReportView = {
      canAct: true,
      report: null,
      hasConfirmed: false,
      escalation: null,
    };
    const made: FirmReportView = {
      canAct: true,
      hasConfirmed: true,
      escalation: null,
      report: { ...openReport, reporterName: "Smith & Co", note: "At home" },
    };
    const fetch = stubFetch((_url, init) => json(init?.method === "POST" ? made : none));
    const { user } = renderScreen(<FirmReportCard clientId="c1" clientName="Rita" isAdmin />);
    await user.click(await screen.findByRole("button", { name: "Report a death or incapacity" }));
    await user.click(screen.getByRole("button", { name: "Send the report" }));
    expect(await screen.findByText("Choose what happened")).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "They have died" }));
    await user.type(screen.getByLabelText(/A note for the other verifiers/), "At home");
    await user.click(screen.getByRole("button", { name: "Send the report" }));
    expect(await screen.findByText(/Your report was sent/)).toBeTruthy();
    expect(screen.getByTestId("report-details").textContent).toContain("1 of 2 has confirmed.");
    // the reporter has confirmed: no Confirm button, only "I have heard from them"
    expect(screen.queryByRole("button", { name: "Confirm" })).toBeNull();
    expect(screen.getByRole("button", { name: "I have heard from them" })).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ kind: "death", note: "At home" });
  });

  it("refuses a document that is not a PDF, JPG or PNG before sending anything", async () => {
    const none: FirmReportView = {
      canAct: true,
      report: null,
      hasConfirmed: false,
      escalation: null,
    };
    const fetch = stubFetch(() => json(none));
    const { user } = renderScreen(<FirmReportCard clientId="c1" clientName="Rita" isAdmin />);
    await user.click(await screen.findByRole("button", { name: "Report a death or incapacity" }));
    await user.click(
      screen.getByRole("radio", { name: "They can no longer manage their affairs" }),
    );
    const text = new File(["just words"], "note.pdf", { type: "application/pdf" });
    await user.upload(screen.getByLabelText(/A document, for example a death certificate/), text);
    await user.click(screen.getByRole("button", { name: "Send the report" }));
    expect(await screen.findByText("The document must be a PDF, JPG or PNG file")).toBeTruthy();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST")).toEqual([]);
  });

  it("another admin confirms on a screen of its own", async () => {
    const open: FirmReportView = {
      canAct: true,
      report: openReport,
      hasConfirmed: false,
      escalation: null,
    };
    const fetch = stubFetch((_url, init) =>
      json(init?.method === "POST" ? { ...open, hasConfirmed: true } : open),
    );
    const { user } = renderScreen(<FirmReportCard clientId="c1" clientName="Rita" isAdmin />);
    await user.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(screen.getByRole("heading", { name: "Confirm that Rita has died?" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Yes, I confirm" }));
    expect(await screen.findByText(/Your confirmation was recorded/)).toBeTruthy();
    expect(fetchedPaths(fetch)).toContain("/api/clients/c1/report/confirm");
  });

  it("shows nothing for staff, or when the firm is not an accepted verifier", async () => {
    const fetch = stubFetch(() =>
      json({ canAct: false, report: null, hasConfirmed: false, escalation: null }),
    );
    const staff = renderScreen(<FirmReportCard clientId="c1" clientName="Rita" isAdmin={false} />);
    expect(staff.container.textContent).toBe("");
    expect(fetch).not.toHaveBeenCalled();
  });
});
