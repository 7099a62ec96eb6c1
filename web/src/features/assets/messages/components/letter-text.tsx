import { letterParagraphs } from "../letter-format";

/** A letter as written: paragraphs, line breaks, **bold** and *italic*, all rendered as text. */
export function LetterText({ text }: { text: string }) {
  const paragraphs = letterParagraphs(text);
  if (!paragraphs.length) return <p className="text-muted-foreground">No letter</p>;
  return (
    <div className="grid gap-3 leading-relaxed wrap-anywhere">
      {paragraphs.map((lines, p) => (
        <p key={p}>
          {lines.map((spans, l) => (
            <span key={l}>
              {l > 0 && <br />}
              {spans.map((s, i) =>
                s.isBold ? (
                  <strong key={i}>{s.text}</strong>
                ) : s.isItalic ? (
                  <em key={i}>{s.text}</em>
                ) : (
                  <span key={i}>{s.text}</span>
                ),
              )}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
