import { PROFILE_PATHS } from "@common/profiles";
import type { Role } from "@common/app";
import { NavLink } from "react-router";
import { cn } from "@/lib/utils";
import { sectionsFor } from "../sections";

/**
 * The profile's sections as links (decision 074): a navigation landmark whose current link is
 * marked aria-current="page". One row of tabs where the screen is wide enough for it; a grid of
 * two, then three, columns on narrower ones, so that every section stays in sight.
 */
export function ProfileSectionNav({ role }: { role: Role }) {
  return (
    <nav aria-label="Profile sections" className="@container print:hidden">
      <ul className="grid grid-cols-2 gap-1 rounded-lg bg-muted-strong p-1 @md:grid-cols-3 @xl:flex @xl:w-fit">
        {sectionsFor(role).map(({ section, label }) => (
          <li key={section} className="flex">
            <NavLink
              to={PROFILE_PATHS[section]}
              className={({ isActive }) =>
                cn(
                  "flex min-h-10 flex-1 items-center justify-center rounded-md px-3 py-1.5 text-center text-sm font-medium @xl:whitespace-nowrap",
                  isActive
                    ? "bg-card font-semibold text-foreground shadow-sm"
                    : "text-foreground-soft hover:bg-card/60 hover:text-foreground",
                )
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
