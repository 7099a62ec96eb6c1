import { DELIVERY_MSG } from "@common/deliveries";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import { DeliveryField } from "./delivery-field";

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );

describe("Deliver: at release / 7 / 30 / 90 days after (decision 096)", () => {
  it("shows the saved choice and saves a new one at once", async () => {
    const fetch = stubFetch((_url, init) =>
      json(
        init?.method === "PUT"
          ? { assetId: "a1", delayDays: 30, claimDays: 30, fallbacks: [] }
          : { assetId: "a1", delayDays: 7, claimDays: 30, fallbacks: [] },
      ),
    );
    const { user } = renderScreen(<DeliveryField assetId="a1" />);
    const select = await screen.findByLabelText(DELIVERY_MSG.label);
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe("7"));
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      "At release",
      "7 days after the release",
      "30 days after the release",
      "90 days after the release",
    ]);
    await user.selectOptions(select, "30");
    expect(await screen.findByText("Saved: 30 days after.")).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(String(put?.[0])).toContain("/api/deliveries/a1");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ delayDays: 30 });
  });

  it("says so when the item was released already", async () => {
    stubFetch((_url, init) =>
      init?.method === "PUT"
        ? json({ error: { code: "CONFLICT", message: DELIVERY_MSG.released } }, 409)
        : json({ assetId: "a1", delayDays: 0, claimDays: 30, fallbacks: [] }),
    );
    const { user } = renderScreen(<DeliveryField assetId="a1" />);
    const select = await screen.findByLabelText(DELIVERY_MSG.label);
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    await user.selectOptions(select, "90");
    expect((await screen.findByRole("alert")).textContent).toBe(DELIVERY_MSG.released);
  });
});
