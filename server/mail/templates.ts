/**
 * What a template says about a message besides its words: its name (kept after delivery, for
 * operators) and when the link or code in it stops working, taken from where that link's or code's
 * lifetime is set; null when it carries none. The outbox never sends it, nor keeps it, after that.
 */
export type MailHead = { template: string; to: string; subject: string; expiresAt: Date | null };

/** Plain, accessible e-mail bodies: every message has a text part and a simple HTML part. */
export type Mail = MailHead & { text: string; html: string };

/** A day as e-mails write it: "2 December 2026" (UTC). */
export const mailDay = (d: Date) =>
  d.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

type Block = { text: string } | { link: string; label: string } | { code: string };

export function composeMail(head: MailHead, blocks: Block[]): Mail {
  const text = blocks
    .map((b) => ("text" in b ? b.text : "link" in b ? `${b.label}: ${b.link}` : b.code))
    .concat(["", "— Legacy Vault"])
    .join("\n\n");
  const body = blocks
    .map((b) =>
      "text" in b
        ? `<p>${escapeHtml(b.text)}</p>`
        : "link" in b
          ? `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(b.link)}</p>`
          : `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(b.code)}</p>`,
    )
    .join("\n");
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111">${body}<p>— Legacy Vault</p></body></html>`;
  return { ...head, text, html };
}
