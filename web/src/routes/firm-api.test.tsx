import type { ApiKeyView, WebhookDeliveryView } from "@common/firm-api";
import { API_MSG, WEBHOOK_MSG } from "@common/firm-api";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import FirmApiScreen from "./firm-api";

/**
 * /firm/api (decision 101): the keys' states and messages. Who may manage keys, and what a key
 * reaches, are server/flows/firm-api/firm-api.test.ts.
 */
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );
const key = (overrides: Partial<ApiKeyView> = {}): ApiKeyView => ({
  id: "k1",
  name: "Practice system",
  scopes: ["clients:read", "plan-status:read"],
  createdAt: "2026-11-02T10:00:00.000Z",
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});
const NO_HOOKS = { webhooks: [], deliveries: [] };
/** Keys answered by `keys`, webhooks by `hooks`. */
const api =
  (
    keys: (init?: RequestInit) => Promise<Response>,
    hooks: (init?: RequestInit) => Promise<Response> = () => json(NO_HOOKS),
  ) =>
  (url: string, init?: RequestInit) =>
    url.includes("/webhooks") ? hooks(init) : keys(init);
const TOKEN = `lvk_${"a".repeat(32)}_${"b".repeat(43)}`;

describe("the firm API screen", () => {
  it("lists the keys with their scopes, and says when there are none", async () => {
    stubFetch(
      api(() =>
        json({
          keys: [key(), key({ id: "k2", name: "Old CRM", revokedAt: "2026-11-03T10:00:00.000Z" })],
        }),
      ),
    );
    renderScreen(<FirmApiScreen />);
    const table = await screen.findByRole("table", { name: "API keys, newest first" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText("Read clients")).toBeTruthy();
    expect(first.getByText("Never")).toBeTruthy();
    expect(first.getByRole("button", { name: "Revoke key Practice system" })).toBeTruthy();
    const second = within(rows[2] as HTMLElement);
    expect(second.getByText("Revoked")).toBeTruthy();
    expect(second.queryByRole("button")).toBeNull();
  });

  it("shows a new key's text once, after the form is filled in", async () => {
    const fetch = stubFetch(
      api((init) =>
        init?.method === "POST" ? json({ key: key(), token: TOKEN }, 201) : json({ keys: [] }),
      ),
    );
    const { user } = renderScreen(<FirmApiScreen />);
    expect(await screen.findByText("No API keys yet.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Create Key" }));
    expect(await screen.findByText("Please give the key a name")).toBeTruthy();
    expect(screen.getByText("Please choose at least one scope")).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await user.type(screen.getByLabelText("Name"), "Practice system");
    await user.click(screen.getByRole("checkbox", { name: /Read clients/ }));
    await user.click(screen.getByRole("button", { name: "Create Key" }));
    expect(await screen.findByText(API_MSG.keyCreated)).toBeTruthy();
    expect(screen.getByLabelText("Your new API key").textContent).toBe(TOKEN);
    const sent = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      name: "Practice system",
      scopes: ["clients:read"],
    });
    await user.click(screen.getByRole("button", { name: "I have saved it" }));
    await waitFor(() => expect(screen.queryByText(TOKEN)).toBeNull());
  });

  it("asks before revoking, and says when revoking failed", async () => {
    stubFetch(
      api((init) =>
        init?.method === "POST"
          ? json({ error: { code: "INTERNAL", message: "Something went wrong" } }, 500)
          : json({ keys: [key()] }),
      ),
    );
    const { user } = renderScreen(<FirmApiScreen />);
    await user.click(await screen.findByRole("button", { name: "Revoke key Practice system" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/stops working at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Revoke Key" }));
    expect(await within(dialog).findByText("Something went wrong")).toBeTruthy();
  });

  it("adds a webhook, shows its secret once, and lists the delivery log", async () => {
    const delivery: WebhookDeliveryView = {
      id: "d1",
      endpointId: "w1",
      url: "https://crm.example.com/hooks",
      event: "client.joined",
      status: "pending",
      attempts: 2,
      lastStatus: 500,
      lastError: "Answered 500",
      createdAt: "2026-11-02T10:00:00.000Z",
      nextAttemptAt: "2026-11-02T10:02:00.000Z",
      deliveredAt: null,
    };
    const fetch = stubFetch(
      api(
        () => json({ keys: [] }),
        (init) =>
          init?.method === "POST"
            ? json({ webhook: { id: "w1" }, secret: `whsec_${"c".repeat(64)}` }, 201)
            : json({ webhooks: [], deliveries: [delivery] }),
      ),
    );
    const { user } = renderScreen(<FirmApiScreen />);
    const log = await screen.findByRole("table", { name: "Webhook deliveries, newest first" });
    const row = within(within(log).getAllByRole("row")[1] as HTMLElement);
    expect(row.getByText("A client joined")).toBeTruthy();
    expect(row.getByText("Retrying")).toBeTruthy();
    expect(row.getByText("Answered 500")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Add Webhook" }));
    expect(await screen.findByText(WEBHOOK_MSG.eventsRequired)).toBeTruthy();
    await user.type(screen.getByLabelText("URL"), "https://crm.example.com/hooks");
    await user.click(screen.getByRole("checkbox", { name: "A client joined" }));
    await user.click(screen.getByRole("button", { name: "Add Webhook" }));
    expect(await screen.findByText(WEBHOOK_MSG.created)).toBeTruthy();
    expect(screen.getByLabelText("Your webhook signing secret").textContent).toMatch(/^whsec_c+$/);
    const sent = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      url: "https://crm.example.com/hooks",
      events: ["client.joined"],
    });
  });
});
