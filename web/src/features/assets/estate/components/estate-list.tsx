import { WINDOW_FROM } from "@/lib/use-window-list";
import type { EstateSection } from "../filter-estate";
import { EstateEntry } from "./estate-entry";
import { SectionTitle } from "./estate-section-title";
import { EstateWindow } from "./estate-window";

/**
 * The inventory by section, each a heading with its count and a list of links to its entries:
 * name, organisation and reference, and what should happen. Past WINDOW_FROM entries, a window
 * (EstateWindow, decision 107); shorter, whole, so that the browser's find and a screen reader's
 * reading reach every entry.
 */
export function EstateList({ sections }: { sections: EstateSection[] }) {
  const count = sections.reduce((n, s) => n + s.rows.length, 0);
  return count > WINDOW_FROM ? (
    <EstateWindow sections={sections} />
  ) : (
    <WholeList sections={sections} />
  );
}

/** Every entry in the page. Sections off screen are not laid out until scrolled to. */
function WholeList({ sections }: { sections: EstateSection[] }) {
  return (
    <div className="grid gap-6">
      {sections.map((section) => (
        <section
          key={section.key}
          aria-labelledby={`estate-${section.key}`}
          className="grid gap-2 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]"
        >
          <h2 id={`estate-${section.key}`} className="text-base font-semibold">
            <SectionTitle section={section} />
          </h2>
          <ul className="divide-y divide-border rounded-lg border border-border">
            {section.rows.map((row) => (
              <EstateEntry key={row.asset.id} row={row} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
