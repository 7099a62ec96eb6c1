import { memo } from "react";
import { formatCount } from "@/lib/format";
import type { EstateSection } from "../filter-estate";

/**
 * A section's heading: its title and how many entries it lists. Memoised: a windowed list renders
 * again on every scroll step, and its headings are always in the page.
 */
export const SectionTitle = memo(function SectionTitle({ section }: { section: EstateSection }) {
  return (
    <>
      {section.title}{" "}
      <span className="font-normal text-muted-foreground">
        ({formatCount(section.rows.length)})
      </span>
    </>
  );
});
