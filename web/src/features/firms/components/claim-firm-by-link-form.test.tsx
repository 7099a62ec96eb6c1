import { FIRM_MSG, type ClaimableFirmView } from "@common/firms";
import type { Me } from "@common/profiles";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { ClaimFirmByLinkForm } from "./claim-firm-by-link-form";

/**
 * /firm/new from the e-mailed claim link (decision 034): a wrong password is said by its field and
 * claims nothing. server/firms/existing-account.test.ts checks the server's refusal (400, the
 * firm unclaimed); e2e/firm-existing-account.e2e.ts walks the link to the claim.
 */
const LINK = { firmId: "4d2c9b1e-7a3f-4e8d-b6c5-1f0a9e8d7c6b", token: "c".repeat(32) };
const FIRM: ClaimableFirmView = { id: LINK.firmId, name: "Existing 1a2b3c4d LLP" };
const ME: Me = {
  id: "8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  email: "ada@example.com",
  name: "Ada Existing",
  phone: null,
  address: null,
  role: "regular_user",
  firmId: null,
  firmName: null,
  isAdmin: false,
  isStaff: false,
  twoFactorEnabled: false,
  createdAt: "2026-12-01T00:00:00.000Z",
  isFirmRegistrationPending: false,
};

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );

/** The server's answers: the offered firm, an account not moved over yet, a wrong password. */
const answer = (url: string, init?: RequestInit) => {
  const path = new URL(url, "http://app").pathname;
  if (path === "/api/kdf") return json(200, { kdf: null });
  if (path === `/api/firms/${LINK.firmId}/claim` && init?.method === "POST")
    return json(400, {
      error: {
        code: "VALIDATION",
        message: FIRM_MSG.passwordWrong,
        fields: { password: FIRM_MSG.passwordWrong },
        requestId: "req-1",
      },
    });
  if (path === `/api/firms/${LINK.firmId}/claim`) return json(200, FIRM);
  return json(404, { error: { code: "NOT_FOUND", message: "Not found", requestId: "req-2" } });
};

describe("the claim-by-link form", () => {
  it("names the offered firm, and says a wrong password by its field without claiming", async () => {
    const fetch = stubFetch(answer);
    const onClaimed = vi.fn();
    const { user } = renderScreen(
      <ClaimFirmByLinkForm me={ME} link={LINK} onClaimed={onClaimed} />,
    );
    expect(await screen.findByRole("heading", { level: 2, name: FIRM.name })).toBeTruthy();
    const password = screen.getByLabelText("Your Password");
    await user.type(password, "Not-My-Password-3");
    await user.click(screen.getByRole("button", { name: "Become the Administrator" }));
    expect(await screen.findByText(FIRM_MSG.passwordWrong)).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(onClaimed).not.toHaveBeenCalled();
    const claim = fetch.mock.calls.find(
      ([url, init]) => url.endsWith("/claim") && init?.method === "POST",
    );
    expect(fetchedPaths(fetch)).toContain(`/api/firms/${LINK.firmId}/claim`);
    expect(JSON.parse(String(claim?.[1]?.body))).toEqual({
      token: LINK.token,
      password: "Not-My-Password-3",
    });
  });
});
