import { wishesSections, type OpenedWishesContent } from "@common/assets/wishes";

/**
 * The directive, read only, a heading per section: the owner's page and, once it is opened to
 * them, the portal of the people it is left to. Empty sections are left out.
 */
export function WishesDetails({
  content,
  headingLevel = 2,
}: {
  content: OpenedWishesContent;
  headingLevel?: 2 | 3;
}) {
  const sections = wishesSections(content);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (!sections.length) return <p className="text-muted-foreground">Nothing is written yet.</p>;
  return (
    <div className="grid gap-5">
      {sections.map((s) => (
        <section key={s.heading} className="grid gap-1">
          <Heading className="text-base font-semibold">{s.heading}</Heading>
          <p className="whitespace-pre-wrap wrap-anywhere">{s.text}</p>
        </section>
      ))}
    </div>
  );
}
