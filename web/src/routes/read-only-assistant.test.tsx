import type { ClientFirmDetailsAnswer } from "@common/clients";
import type { Me } from "@common/profiles";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StaffOverview } from "@/features/dashboard/components/staff-overview";
import { meQueryKey } from "@/lib/me";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import { ClientFirmDetailsCard } from "@/features/clients/components/client-firm-details-card";

/**
 * A read-only assistant (decision 084) is offered no way to change anything: no "Invite Client", no
 * "Edit client". The server refuses those writes too (server/clients/firm-details.test.ts).
 */
const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );
const details: ClientFirmDetailsAnswer = {
  client: { id: "c1", name: "Cleo Client", email: "cleo@example.com" },
  details: { reference: "R-1", notes: "Call first", updatedAt: "2026-11-02T10:00:00.000Z" },
};
const meAs = (role: Me["role"]) =>
  ({ id: "u1", email: "a@example.com", name: "Ada", role, firmId: "f1" }) as Me;
const serve = (role: Me["role"]) =>
  stubFetch((url) =>
    json(
      url === "/api/me"
        ? { user: meAs(role) }
        : url.includes("firm-details")
          ? details
          : { clients: 3, pendingInvitations: 0, myActions: [] },
    ),
  );

describe("what a read-only assistant is offered", () => {
  it.each([
    ["firm_assistant", false],
    ["firm_staff", true],
  ] as const)("%s: the firm's notes, with an Edit link: %s", async (role, canEdit) => {
    serve(role);
    const { queryClient } = renderScreen(
      <ClientFirmDetailsCard clientId="c1" clientName="Cleo Client" />,
    );
    await waitFor(() => expect(queryClient.getQueryData(meQueryKey)).toBeTruthy());
    expect(await screen.findByText("Call first")).toBeTruthy();
    await screen.findByText("R-1");
    if (canEdit) expect(await screen.findByRole("link", { name: "Edit client" })).toBeTruthy();
    else expect(screen.queryByRole("link", { name: "Edit client" })).toBeNull();
  });

  it.each([
    ["firm_assistant", false],
    ["firm_staff", true],
  ] as const)("%s: the overview's Invite Client: %s", async (role, canInvite) => {
    serve(role);
    const { queryClient } = renderScreen(<StaffOverview name="Ada" recentClients={null} />);
    // the role is known before anything is asserted of what it is offered
    await waitFor(() => expect(queryClient.getQueryData(meQueryKey)).toBeTruthy());
    expect(await screen.findByRole("link", { name: "Client Management" })).toBeTruthy();
    if (canInvite) expect(await screen.findByRole("link", { name: "Invite Client" })).toBeTruthy();
    else expect(screen.queryByRole("link", { name: "Invite Client" })).toBeNull();
  });
});
