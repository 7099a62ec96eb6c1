import { FIRM_PAGE_MSG } from "@common/firm-page";
import type { FirmView } from "@common/firms";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { FirmPageForm } from "./firm-page-form";

/** The firm page's settings on /firm/edit: a colour white text cannot be read on is refused as typed. */
const FIRM: FirmView = {
  id: "6f1c1a52-4b0e-4f55-9a53-3a3c8a0f0a01",
  name: "Hale & Co LLP",
  phone: null,
  address: null,
  logoUrl: null,
  firmCode: "ABCD2345",
  page: { slug: "hale-co-llp", brandColor: null, isCodeOnPage: false },
  updatedAt: "2026-12-01T00:00:00.000Z",
};

const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );

describe("the firm page form", () => {
  it("says the contrast a light colour has, sends nothing, and saves a dark one", async () => {
    const fetch = stubFetch((_url, init) =>
      json({ firm: { ...FIRM, page: JSON.parse(String(init?.body)) as FirmView["page"] } }),
    );
    const { user } = renderScreen(<FirmPageForm firm={FIRM} />);
    const colour = screen.getByLabelText("Brand colour (optional)");
    await user.type(colour, "#ffd700");
    expect(await screen.findByText(FIRM_PAGE_MSG.colorContrast(1.4))).toBeTruthy();
    expect(colour.getAttribute("aria-invalid")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Save Firm Page" }));
    expect(fetch).not.toHaveBeenCalled();

    await user.clear(colour);
    await user.type(colour, "#7A1F3D");
    expect(screen.queryByText(/contrast of/)).toBeNull();
    expect(colour.getAttribute("aria-invalid")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save Firm Page" }));
    expect(fetchedPaths(fetch)).toEqual(["/api/firm/page"]);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      slug: "hale-co-llp",
      brandColor: "#7a1f3d",
      isCodeOnPage: false,
    });
  });

  it("names a malformed address before sending it", async () => {
    const fetch = stubFetch(() => json({}));
    const { user } = renderScreen(<FirmPageForm firm={FIRM} />);
    const slug = screen.getByLabelText("Page address");
    await user.clear(slug);
    await user.type(slug, "hale_co");
    await user.click(screen.getByRole("button", { name: "Save Firm Page" }));
    expect(await screen.findByText(FIRM_PAGE_MSG.slugCharacters)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
