import type { OpenedEstateContent } from "@common/assets/estate";
import { actionWords, sectionOf } from "../opened-estate";

/**
 * An entry's fields, read only: its owner's detail page and, after a release, the portal of the
 * person it was left to. Empty fields are left out; the text keeps its line breaks.
 */
export function EstateDetails({ content }: { content: OpenedEstateContent }) {
  const fields: [string, string][] = [
    ["Kind", sectionOf(content)],
    ["What should happen", actionWords(content)],
    ["Organisation", content.institution],
    ["Reference", content.reference],
    ["Contact details", content.contact],
    ["Instructions", content.instructions],
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-[12rem_1fr]">
      {fields
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="grid gap-1 sm:col-span-2 sm:grid-cols-subgrid">
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd className="whitespace-pre-wrap wrap-anywhere">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
