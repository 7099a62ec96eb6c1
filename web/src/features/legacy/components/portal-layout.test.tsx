import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { PortalLayout } from "./portal-layout";

/** The portal in the firm's name (decision 100): its name on its colour, or the plain frame. */
describe("the beneficiary portal's frame", () => {
  it("carries each acting firm's name on its colour, with white text", () => {
    renderScreen(
      <PortalLayout firms={[{ name: "Hale & Co", brandColor: "#7a1f3d" }]}>
        <p>Items</p>
      </PortalLayout>,
    );
    const band = screen.getByTestId("portal-firm");
    expect(band.textContent).toContain("Hale & Co");
    expect(band.style.backgroundColor).toBe("#7a1f3d");
    expect(band.style.color).toBe("#ffffff");
  });

  it("shows no band when no owner is a firm's client", () => {
    renderScreen(
      <PortalLayout>
        <p>Items</p>
      </PortalLayout>,
    );
    expect(screen.queryByTestId("portal-firm")).toBeNull();
  });
});
