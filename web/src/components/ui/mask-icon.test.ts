import * as checkIcon from "lucide-react/icons/check";
import * as chevronIcon from "lucide-react/icons/chevron-right";
import * as keyIcon from "lucide-react/icons/key-round";
import * as starIcon from "lucide-react/icons/star";
import * as trashIcon from "lucide-react/icons/trash";
import * as trash2Icon from "lucide-react/icons/trash-2";
import * as warningIcon from "lucide-react/icons/triangle-exclamation-point";
import * as userIcon from "lucide-react/icons/user-round";
import { describe, expect, it } from "vitest";
import { iconMask } from "./mask-icon";

/** The SVG inside a mask's `url("data:image/svg+xml,…")`. */
const svgOf = (mask: string) => {
  const m = /^url\("data:image\/svg\+xml,(.*)"\)$/.exec(mask);
  if (!m?.[1]) throw new Error(`not a data URL: ${mask}`);
  return decodeURIComponent(m[1]);
};

describe("iconMask", () => {
  it("draws lucide's icon as its component does: every element, a round 2 px stroke, no fill", () => {
    const svg = svgOf(iconMask(keyIcon));
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24" fill="none" stroke="black" stroke-width="2"/,
    );
    expect(svg).toContain('<path d="M2.586 17.414A2 2 0 0 0 2 18.828V21');
    expect(svg).toContain('<circle cx="16.5" cy="7.5" r=".5" fill="currentColor"></circle>');
    expect(svg).not.toContain("key=");
    // The data URL's text has no character that would end the url("…") it is in.
    expect(iconMask(keyIcon)).toMatch(/^url\("data:image\/svg\+xml,[^"<>#]*"\)$/);
  });

  it("fills the drawing when asked (a favourite's star)", () => {
    expect(svgOf(iconMask(starIcon, { isFilled: true }))).toContain('fill="black" stroke="black"');
    expect(svgOf(iconMask(starIcon))).toContain('fill="none" stroke="black"');
    expect(iconMask(starIcon, { isFilled: true })).toContain("fill%3D%22black"); // not the cached outline
  });

  it("fails for a module without lucide's drawing, instead of drawing nothing", () => {
    expect(() => iconMask({ default: () => null })).toThrow(/__iconData/);
    expect(() => iconMask(trash2Icon)).toThrow(/__iconData/); // an old name: the component only
  });

  it("draws each icon the password and estate rows use", () => {
    for (const icon of [
      checkIcon,
      chevronIcon,
      keyIcon,
      starIcon,
      trashIcon,
      userIcon,
      warningIcon,
    ])
      expect(svgOf(iconMask(icon))).toMatch(/<(path|circle|rect|line) /);
  });
});
