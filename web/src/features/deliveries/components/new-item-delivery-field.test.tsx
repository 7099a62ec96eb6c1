import { DELIVERY_MSG } from "@common/deliveries";
import { screen, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import { NewItemDeliveryField, useNewItemDelivery } from "./new-item-delivery-field";

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );

/** A new item's form in miniature: the field, and a Save that "creates" item a1 then saves its delay. */
function NewItemForm({ onDone }: { onDone: () => void }) {
  const delivery = useNewItemDelivery();
  return (
    <>
      <NewItemDeliveryField delivery={delivery} />
      <button type="button" onClick={() => void delivery.saveFor("a1").then(onDone)}>
        Save
      </button>
      <Toaster />
    </>
  );
}

describe("a new item's delay, chosen in its form (decision 096)", () => {
  it("is at the release unless chosen, and then sends nothing after the item", async () => {
    const fetch = stubFetch(() => json({}));
    let done = false;
    const { user } = renderScreen(<NewItemForm onDone={() => (done = true)} />);
    const select = screen.getByLabelText(DELIVERY_MSG.label) as HTMLSelectElement;
    expect(select.value).toBe("0");
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "At release",
      "7 days after the release",
      "30 days after the release",
      "90 days after the release",
    ]);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(done).toBe(true));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("saves the chosen delay for the item just created", async () => {
    const fetch = stubFetch(() =>
      json({ assetId: "a1", delayDays: 30, claimDays: 30, fallbacks: [] }),
    );
    let done = false;
    const { user } = renderScreen(<NewItemForm onDone={() => (done = true)} />);
    await user.selectOptions(screen.getByLabelText(DELIVERY_MSG.label), "30");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(done).toBe(true));
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect([String(url), init?.method]).toEqual(["/api/deliveries/a1", "PUT"]);
    expect(JSON.parse(String(init?.body))).toEqual({ delayDays: 30 });
  });

  it("keeps the item when its delay is refused, and says so", async () => {
    stubFetch(() => json({ error: { code: "INTERNAL", message: "down" } }, 500));
    let done = false;
    const { user } = renderScreen(<NewItemForm onDone={() => (done = true)} />);
    await user.selectOptions(screen.getByLabelText(DELIVERY_MSG.label), "7");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(DELIVERY_MSG.newItemSaveFailed)).toBeTruthy();
    expect(done).toBe(true);
  });
});
