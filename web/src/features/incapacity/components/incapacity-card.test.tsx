import type { IncapacityView } from "@common/incapacity";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { IncapacityCard } from "./incapacity-card";

const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );

const base: IncapacityView = {
  waitDays: 2,
  accessDays: 90,
  items: [{ assetId: "a1", emails: ["carla@example.com"] }],
  scope: null,
};
const active: IncapacityView = {
  ...base,
  scope: {
    id: "s1",
    status: "active",
    reporterName: "Anna Smith",
    startedAt: "2026-03-01T00:00:00.000Z",
    opensAt: "2026-03-03T00:00:00.000Z",
    endsAt: "2026-06-01T00:00:00.000Z",
    endedAt: null,
    endedVia: null,
  },
};

describe("the owner's incapacity card", () => {
  it("with nothing under way: what is marked, the wait and duration, and the way to change it", async () => {
    stubFetch(() => json(base));
    renderScreen(<IncapacityCard />);
    expect(
      await screen.findByText(
        /^1 item marked for your caregivers\..* after 2 days .* for 90 days\.$/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Choose what your caregivers can read" })).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("while caregivers read: until when, and one button that ends it", async () => {
    const ended = {
      ...active,
      scope: {
        ...active.scope,
        status: "ended",
        endedAt: "2026-03-05T00:00:00.000Z",
        endedVia: "withdrawn",
      },
    };
    let calls = 0;
    const fetch = stubFetch(() => json(calls++ === 0 ? active : ended));
    const { user } = renderScreen(<IncapacityCard />);
    expect(
      await screen.findByText(/^Your caregivers can read the 1 item you marked until .*2026\.$/),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "End their access now" }));
    expect(await screen.findByText(/^You ended your caregivers' last access on /)).toBeTruthy();
    expect(fetchedPaths(fetch)).toEqual(["/api/incapacity", "/api/incapacity/withdraw"]);
  });

  it("while it waits: who reported, from when, and 'I'm fine'", async () => {
    stubFetch(() =>
      json({ ...active, scope: { ...active.scope, status: "waiting", endsAt: null } }),
    );
    renderScreen(<IncapacityCard />);
    expect(
      await screen.findByText(/^Anna Smith reported that you cannot look after your affairs/),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "I'm fine: stop this" })).toBeTruthy();
  });
});
