import type { PlaybookTicksView } from "@common/playbook";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importDataKey } from "@/lib/crypto/vault-crypto";
import { clearVault, setDataKeyInMemory } from "@/lib/keys/vault-state";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import { openTicks, sealTicks } from "../seal-ticks";
import { PlaybookScreen } from "./playbook-screen";

const OWNER = "owner-1";
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** The server's side: the stored view, and every PUT body as it arrived. */
function fakePlaybookApi(stored: PlaybookTicksView) {
  const puts: { wrappedKey: string; data: string; tickedCount: number }[] = [];
  stubFetch(async (url, init) => {
    if (url === "/api/me") return json({ user: { id: OWNER, role: "regular_user" } });
    if (url === "/api/playbook" && init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as (typeof puts)[number];
      puts.push(body);
      stored = {
        sealed: { wrappedKey: body.wrappedKey, data: body.data },
        tickedCount: body.tickedCount,
        updatedAt: new Date().toISOString(),
      };
      return json(stored);
    }
    if (url === "/api/playbook") return json(stored);
    return new Response("{}", { status: 404 });
  });
  return puts;
}

const googleRow = async () => {
  const heading = await screen.findByRole("heading", { name: /^Google:/ }, { timeout: 10_000 });
  return within(heading.closest("li")!);
};

let dataKey: CryptoKey;
beforeEach(async () => {
  dataKey = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
  setDataKeyInMemory(dataKey);
});
afterEach(() => clearVault());

describe("the playbook screen", () => {
  it("opens the owner's ticks, and saves a new one sealed, with only the count in clear", async () => {
    const sealed = await sealTicks(dataKey, OWNER, {
      apple: { status: "done", on: "2026-11-30" },
    });
    const puts = fakePlaybookApi({ sealed, tickedCount: 1, updatedAt: "2026-11-30T10:00:00Z" });
    const { user } = renderScreen(<PlaybookScreen />);
    const google = await googleRow();
    expect(screen.getByTestId("playbook-progress").textContent).toBe("1 of 10 done");

    await user.click(google.getByRole("button", { name: "I've set it up" }));
    expect(await google.findByText(/^Done on /)).toBeTruthy();
    expect(puts).toHaveLength(1);
    const put = puts[0]!;
    expect(put.tickedCount).toBe(2);
    expect(JSON.stringify(put)).not.toMatch(/google|apple|done|2026/i);
    expect(Object.keys(await openTicks(dataKey, OWNER, put)).sort()).toEqual(["apple", "google"]);
  });

  it("says so when the stored ticks were sealed with another key, and starts from none", async () => {
    const other = await importDataKey(crypto.getRandomValues(new Uint8Array(32)));
    const sealed = await sealTicks(other, OWNER, { google: { status: "done", on: "2026-11-30" } });
    fakePlaybookApi({ sealed, tickedCount: 1, updatedAt: "2026-11-30T10:00:00Z" });
    renderScreen(<PlaybookScreen />);
    const google = await googleRow();
    expect(google.getByTestId("tick-state").textContent).toBe("Not done yet");
    expect(screen.getByRole("alert").textContent).toContain("a key this vault no longer has");
  });
});
