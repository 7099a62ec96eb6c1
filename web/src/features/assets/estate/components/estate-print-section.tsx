import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatCount } from "@/lib/format";
import type { EstateSection } from "../filter-estate";
import { actionWords } from "../opened-estate";

const CELL = "align-top whitespace-pre-wrap wrap-anywhere";

/** One section of the printed inventory: its own page (break-after), a table of its entries. */
export function EstatePrintSection({ section }: { section: EstateSection }) {
  const id = `estate-print-${section.key}`;
  return (
    <section
      aria-labelledby={id}
      className="grid grid-cols-1 gap-2 print:break-after-page print:last:break-after-auto"
    >
      <h2 id={id} className="text-lg font-semibold">
        {section.title}{" "}
        <span className="font-normal text-muted-foreground">
          ({formatCount(section.rows.length)})
        </span>
      </h2>
      <div className="rounded-lg border border-border bg-card print:border-black">
        <Table scrollLabel={section.title}>
          <TableHeader className="print:bg-transparent">
            <TableRow>
              <TableHead scope="col">Name</TableHead>
              <TableHead scope="col">Organisation and reference</TableHead>
              <TableHead scope="col">Contact</TableHead>
              <TableHead scope="col">What should happen</TableHead>
              <TableHead scope="col">Instructions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {section.rows.map(({ asset, content }) => (
              <TableRow key={asset.id} className="break-inside-avoid">
                <TableHead
                  scope="row"
                  className="h-auto py-3 align-top font-medium text-foreground whitespace-normal wrap-anywhere"
                >
                  {asset.title}
                </TableHead>
                <TableCell className={CELL}>
                  {[content?.institution, content?.reference].filter(Boolean).join("\n") || "—"}
                </TableCell>
                <TableCell className={CELL}>{content?.contact || "—"}</TableCell>
                <TableCell className={CELL}>
                  {content ? actionWords(content) : "Could not be opened"}
                </TableCell>
                <TableCell className={`${CELL} min-w-48`}>{content?.instructions || "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
