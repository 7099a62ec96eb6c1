import {
  CLIENT_MSG,
  CLIENT_REFERENCE_MAX,
  type ClientFirmDetailsAnswer,
  type UpdateClientFirmDetailsInput,
} from "@common/clients";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { ClientFirmDetailsForm } from "./client-firm-details-form";

/** /clients/edit/{id}'s form: the firm's reference and notes about a client (docs/decisions/041). */
const CLIENT_ID = "0b7e3c9a-5d1f-4a8e-9c2b-6f4d8e1a2b3c";
const EMPTY = { reference: null, notes: null, updatedAt: null };

/** PUT /api/clients/:id/firm-details as the server answers it: what was sent, saved. */
const saved = (_url: string, init?: RequestInit) => {
  const input = JSON.parse(String(init?.body)) as UpdateClientFirmDetailsInput;
  const body: ClientFirmDetailsAnswer = {
    client: { id: CLIENT_ID, name: "Cleo Client", email: "cleo@example.com" },
    details: {
      reference: input.reference || null,
      notes: input.notes || null,
      updatedAt: "2026-12-04T00:00:00.000Z",
    },
  };
  return Promise.resolve(
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );
};

describe("the client's firm details form", () => {
  it("refuses a reference over the limit on its field and sends nothing; then saves", async () => {
    const fetch = stubFetch(saved);
    const onSaved = vi.fn();
    const { user } = renderScreen(
      <ClientFirmDetailsForm
        clientId={CLIENT_ID}
        details={EMPTY}
        onSaved={onSaved}
        onCancel={() => {}}
      />,
    );
    const reference = screen.getByLabelText("Reference (Optional)");
    await user.type(reference, "R".repeat(CLIENT_REFERENCE_MAX + 1));
    await user.click(screen.getByRole("button", { name: "Save Client Details" }));
    expect(await screen.findByText(CLIENT_MSG.referenceTooLong)).toBeTruthy();
    expect(reference.getAttribute("aria-invalid")).toBe("true");
    expect(fetch).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();

    await user.clear(reference);
    await user.type(reference, "M-2026-114");
    await user.type(screen.getByLabelText("Notes (Optional)"), "Prefers phone calls.");
    await user.click(screen.getByRole("button", { name: "Save Client Details" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(fetchedPaths(fetch)).toEqual([`/api/clients/${CLIENT_ID}/firm-details`]);
    expect(fetch.mock.calls[0]?.[1]?.method).toBe("PUT");
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      reference: "M-2026-114",
      notes: "Prefers phone calls.",
    });
    expect(screen.queryByText(CLIENT_MSG.referenceTooLong)).toBeNull();
    expect(reference.getAttribute("aria-invalid")).not.toBe("true");
  });
});
