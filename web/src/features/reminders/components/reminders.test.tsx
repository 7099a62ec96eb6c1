import { REMINDER_MSG, type ReminderSettingsView } from "@common/reminders";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { OptOutPanel } from "./opt-out-panel";
import { ReminderSendPanel } from "./reminder-send-panel";
import { ReminderTemplateForm } from "./reminder-template-form";

/** The reminder screens (decision 100): the template's preview and limits, progress, the opt-out page. */
const SETTINGS: ReminderSettingsView = {
  subject: "{firm_name}: finish your plan",
  body: "Dear {client_name},\n\n{missing_steps}",
  isMonthly: false,
  nextMonthlyAt: null,
  lastRun: null,
  optedOutCount: 0,
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );

describe("the reminder template form", () => {
  it("previews the text for a sample client, as text, and saves it", async () => {
    const fetch = stubFetch((_url, init) =>
      json({ ...SETTINGS, ...JSON.parse(String(init?.body)) }),
    );
    const { user } = renderScreen(
      <ReminderTemplateForm settings={SETTINGS} firmName="Hale & Co" />,
    );
    expect(screen.getByTestId("reminder-preview-subject").textContent).toBe(
      "Hale & Co: finish your plan",
    );
    const body = screen.getByLabelText("Message");
    fireEvent.change(body, { target: { value: "Hi {client_name} <b>now</b>" } });
    expect(screen.getByTestId("reminder-preview-body").textContent).toBe(
      "Hi Alex Example <b>now</b>",
    );
    await user.click(screen.getByLabelText("Send reminders automatically every month"));
    await user.click(screen.getByRole("button", { name: "Save Reminder" }));
    expect(fetchedPaths(fetch)).toEqual(["/api/firm/reminders"]);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      subject: SETTINGS.subject,
      body: "Hi {client_name} <b>now</b>",
      isMonthly: true,
    });
  });

  it("names an unknown placeholder before sending anything", async () => {
    const fetch = stubFetch(() => json({}));
    const { user } = renderScreen(<ReminderTemplateForm settings={SETTINGS} firmName="Hale" />);
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Hi {name}" } });
    await user.click(screen.getByRole("button", { name: "Save Reminder" }));
    expect(await screen.findByText(REMINDER_MSG.unknownPlaceholder)).toBeTruthy();
    expect(screen.getByLabelText("Subject").getAttribute("aria-invalid")).toBe("true");
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("sending reminders", () => {
  it("shows a send under way as a progress bar, and the last one's result", () => {
    const run = {
      id: "r1",
      status: "sending" as const,
      isMonthly: false,
      totalClients: 4,
      processedClients: 1,
      sentClients: 1,
      startedAt: "2026-12-01T10:00:00.000Z",
      finishedAt: null,
    };
    stubFetch(() => json({}));
    const { unmount } = renderScreen(<ReminderSendPanel lastRun={run} nextMonthlyAt={null} />);
    expect(screen.getByRole("progressbar", { name: "Reminders sent" })).toBeTruthy();
    expect(screen.getByText("Sending: 1 of 4 clients done.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sending..." }).hasAttribute("disabled")).toBe(true);
    unmount();
    renderScreen(
      <ReminderSendPanel
        lastRun={{ ...run, status: "done", processedClients: 4, sentClients: 3 }}
        nextMonthlyAt={null}
      />,
    );
    expect(screen.getByText(/3 of 4 clients reminded/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send Reminders" })).toBeTruthy();
  });
});

describe("the opt-out page", () => {
  it("sends the link's token once as it opens and says reminders are off", async () => {
    const fetch = stubFetch(() => json({ ok: true }));
    renderScreen(<OptOutPanel token="abcdefghijklmnopqrstuvwxyz" />);
    expect(await screen.findByText(REMINDER_MSG.optOutDone)).toBeTruthy();
    expect(fetchedPaths(fetch)).toEqual(["/api/reminders/opt-out"]);
  });

  it("a link that does not work says so and where to turn reminders off", async () => {
    stubFetch(() => json({ error: "Not found" }, 404));
    renderScreen(<OptOutPanel token="abcdefghijklmnopqrstuvwxyz" />);
    expect(await screen.findByText(REMINDER_MSG.optOutInvalid)).toBeTruthy();
  });
});
