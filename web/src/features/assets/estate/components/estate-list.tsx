import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { formatCount } from "@/lib/format";
import type { EstateSection } from "../filter-estate";
import { actionWords } from "../opened-estate";

/**
 * The inventory by section, each a heading with its count and a list of links to its entries:
 * name, organisation and reference, and what should happen. Sections off screen are not laid out
 * until scrolled to (content-visibility: on each row instead, scrolling 2,000 entries was slower,
 * scripts/bench/estate-list.ts).
 */
export function EstateList({ sections }: { sections: EstateSection[] }) {
  return (
    <div className="grid gap-6">
      {sections.map((section) => (
        <section
          key={section.key}
          aria-labelledby={`estate-${section.key}`}
          className="grid gap-2 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]"
        >
          <h2 id={`estate-${section.key}`} className="text-base font-semibold">
            {section.title}{" "}
            <span className="font-normal text-muted-foreground">
              ({formatCount(section.rows.length)})
            </span>
          </h2>
          <ul className="divide-y divide-border rounded-lg border border-border">
            {section.rows.map(({ asset, content }) => {
              const detail = [content?.institution, content?.reference].filter(Boolean).join(" · ");
              return (
                <li key={asset.id}>
                  <Link
                    to={`/estate/${asset.id}`}
                    className="flex items-center gap-3 px-3 py-3 hover:bg-muted/40 focus-visible:outline-3 focus-visible:outline-ring"
                  >
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="font-medium wrap-anywhere">{asset.title}</span>
                      {detail && (
                        <span className="text-sm text-muted-foreground wrap-anywhere">
                          {detail}
                        </span>
                      )}
                    </span>
                    {content && <Badge className="shrink-0">{actionWords(content)}</Badge>}
                    <ChevronRight
                      aria-hidden="true"
                      className="size-4 shrink-0 text-muted-foreground"
                    />
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
