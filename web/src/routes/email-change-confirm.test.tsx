import { EMAIL_CHANGE_MSG } from "@common/email-change";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import EmailChangeConfirmScreen from "./email-change-confirm";

/**
 * /email-change/confirm?token=… (decision 043), the link mailed to the new address, when the
 * server refuses it (a cancelled, used or expired link: 404, server/email-change/email-change.test.ts).
 * e2e/email-change.e2e.ts confirms a real mailed link and opens a used undo link.
 */
const TOKEN = "confirm-link-token-0123456789";
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let fetch: ReturnType<typeof stubFetch>;

beforeEach(() => {
  fetch = stubFetch(async (url) => {
    const path = new URL(url, "http://app").pathname;
    if (path === "/api/me") return json(401, { error: { code: "unauthorized", message: "" } });
    if (path === "/api/email-change/confirm")
      return json(404, { error: { code: "not_found", message: "Not found" } });
    throw new Error(`unexpected fetch ${path}`);
  });
});

describe("the e-mail change's confirmation page", () => {
  it("says a link that no longer works is not valid, and offers nothing to press again", async () => {
    const { user } = renderScreen(<EmailChangeConfirmScreen />, {
      path: `/email-change/confirm?token=${TOKEN}`,
    });
    expect(fetchedPaths(fetch)).not.toContain("/api/email-change/confirm"); // nothing on load
    await user.click(screen.getByRole("button", { name: "Confirm my new address" }));
    const result = await screen.findByTestId("email-change-result");
    await within(result).findByText(EMAIL_CHANGE_MSG.linkInvalid);
    expect(screen.queryByRole("button", { name: "Confirm my new address" })).toBeNull();
    expect(fetchedPaths(fetch).filter((p) => p === "/api/email-change/confirm")).toHaveLength(1);
  });
});
