import { formatCount } from "@/lib/format";
import type { EstateSection } from "../filter-estate";

/** A section's heading: its title and how many entries it lists. */
export function SectionTitle({ section }: { section: EstateSection }) {
  return (
    <>
      {section.title}{" "}
      <span className="font-normal text-muted-foreground">
        ({formatCount(section.rows.length)})
      </span>
    </>
  );
}
