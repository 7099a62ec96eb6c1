import type { LucideIconData, LucideIconNode } from "lucide-react";
import type { CSSProperties } from "react";
import { cn } from "@/lib/utils";

/** A lucide-react icon module ("lucide-react/icons/star"), imported whole: it exports the icon's drawing too. */
type IconModule = object;

const attributes = (attrs: Record<string, unknown>) =>
  Object.entries(attrs)
    .filter(([name, value]) => name !== "key" && value !== undefined)
    .map(
      ([name, value]) =>
        ` ${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${String(value)}"`,
    )
    .join("");

const markup = ([tag, attrs, children = []]: LucideIconNode): string =>
  `<${tag}${attributes(attrs)}>${children.map(markup).join("")}</${tag}>`;

const masks = new WeakMap<IconModule, Map<boolean, string>>();

/**
 * A lucide icon as a CSS image (`url("data:image/svg+xml,…")`) for MaskIcon: the same drawing as
 * lucide-react's component (24 × 24, a 2 px round stroke), or filled (a favourite's star). The
 * drawing is lucide-react's own `__iconData` export of the icon's module (an icon's own name: a
 * module of an old name, such as trash-2, re-exports the component only); a module without it
 * fails here, and in mask-icon.test.ts for the icons the rows use. Made on first use, not when a
 * module loads: the build puts some icons in chunks that load in a cycle with their users, whose
 * exports are not set yet then.
 */
export function iconMask(module: IconModule, { isFilled = false } = {}): string {
  const known = masks.get(module)?.get(isFilled);
  if (known) return known;
  const data = (module as { __iconData?: LucideIconData }).__iconData;
  if (!data?.node.length) throw new Error("lucide-react's icon module has no __iconData");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="${isFilled ? "black" : "none"}" ` +
    `stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">` +
    `${data.node.map(markup).join("")}</svg>`;
  const mask = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
  masks.set(module, (masks.get(module) ?? new Map()).set(isFilled, mask));
  return mask;
}

/**
 * A lucide icon (its module: `import * as starIcon from "lucide-react/icons/star"`) drawn in the
 * text's colour by a CSS mask (`.mask-icon`, index.css): one element where lucide-react's
 * component is several (the svg and each of its paths), each laid out and painted apart. For icons
 * repeated in every row of a long list (decision 067); elsewhere, lucide-react's components.
 * Decoration only: hidden from screen readers, as those icons are.
 */
export function MaskIcon({
  icon,
  isFilled = false,
  className,
}: {
  icon: IconModule;
  isFilled?: boolean;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn("mask-icon", className)}
      style={{ "--mask-icon": iconMask(icon, { isFilled }) } as CSSProperties}
    />
  );
}
