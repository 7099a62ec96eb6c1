import { NavLink } from "react-router";

/** The pages a careful person reads first (issue 15, point 11): linked from every footer. */
export const ABOUT_PAGES = [
  { to: "/privacy", label: "Privacy" },
  { to: "/terms", label: "Terms" },
  { to: "/security", label: "Security" },
] as const;

const LINK =
  "rounded-sm underline-offset-4 hover:text-foreground hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-foreground";

/** A small navigation to the Privacy, Terms and Security pages; plain links, light enough for any page. */
export function AboutLinks({
  className = "",
  label = "About Legacy Vault",
}: {
  className?: string;
  /** Two of these on one page need two names. */
  label?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2 sm:gap-x-5">
        {ABOUT_PAGES.map((p) => (
          <li key={p.to}>
            <NavLink to={p.to} className={LINK}>
              {p.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
