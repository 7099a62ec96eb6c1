import type { FirmVerifierView } from "@common/verifiers";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { FirmVerifierCard } from "./firm-verifier-card";

const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );
const invited: FirmVerifierView = {
  status: "invited",
  invitedAt: "2026-11-02T10:00:00.000Z",
  respondedAt: null,
  lastAnsweredAt: null,
};

describe("the firm's verifier card on a client's page", () => {
  it("lets an admin accept for the firm, then says so", async () => {
    const accepted = { ...invited, status: "accepted", respondedAt: "2026-11-03T10:00:00.000Z" };
    const fetch = stubFetch((_url, init) =>
      json({ verifier: init?.method === "POST" ? accepted : invited }),
    );
    const { user } = renderScreen(
      <FirmVerifierCard clientId="client-1" clientName="Rita" isAdmin />,
    );
    expect((await screen.findByTestId("firm-verifier-state")).textContent).toMatch(
      /^Rita asked your firm on .*2026 to be one of their verifiers/,
    );
    await user.click(screen.getByRole("button", { name: "Accept for the firm" }));
    expect(
      await screen.findByText(/^Your firm accepted on .*2026 to be a verifier for Rita\.$/),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Accept for the firm" })).toBeNull();
    expect(fetchedPaths(fetch)).toEqual([
      "/api/clients/client-1/verifier",
      "/api/clients/client-1/verifier",
    ]);
  });

  it("asks nothing, and shows nothing, for staff", () => {
    const fetch = stubFetch(() => json({ verifier: invited }));
    const { container } = renderScreen(
      <FirmVerifierCard clientId="client-1" clientName="Rita" isAdmin={false} />,
    );
    expect(container.textContent).toBe("");
    expect(fetch).not.toHaveBeenCalled();
  });
});
