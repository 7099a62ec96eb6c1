import { BRAND_COLOR_PATTERN, DEFAULT_BRAND_COLOR } from "../../common/firm-page.js";

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

/**
 * A message sent in a firm's name (decision 095): to its client, its invitee, or a beneficiary of
 * its client. The colour is the firm's brand colour, on which white text reaches WCAG AA.
 */
export type MailBrand = {
  firmName: string;
  color: string;
  /** The firm's logo as an absolute URL of this app, shown in the band (decision 100). */
  logoUrl?: string;
  /** The firm page's slug: a link to the portal names it, so its sign-in carries the firm's band. */
  slug?: string;
};

const signOff = (brand?: MailBrand) =>
  brand ? `— ${brand.firmName}, with Legacy Vault` : "— Legacy Vault";

export function composeMail(head: MailHead, blocks: Block[], brand?: MailBrand): Mail {
  const text = blocks
    .map((b) => ("text" in b ? b.text : "link" in b ? `${b.label}: ${b.link}` : b.code))
    .concat(["", signOff(brand)])
    .join("\n\n");
  const color = brand && BRAND_COLOR_PATTERN.test(brand.color) ? brand.color : DEFAULT_BRAND_COLOR;
  const linkLook = brand
    ? `display:inline-block;padding:10px 16px;border-radius:6px;background:${color};color:#ffffff;text-decoration:none;font-weight:600`
    : "";
  const body = blocks
    .map((b) =>
      "text" in b
        ? `<p>${escapeHtml(b.text)}</p>`
        : "link" in b
          ? `<p><a href="${escapeHtml(b.link)}"${linkLook ? ` style="${linkLook}"` : ""}>${escapeHtml(b.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(b.link)}</p>`
          : `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(b.code)}</p>`,
    )
    .join("\n");
  const logo =
    brand?.logoUrl && /^https?:\/\//.test(brand.logoUrl)
      ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" height="32" style="vertical-align:middle;margin-right:12px;background:#ffffff;border-radius:4px">`
      : "";
  const header = brand
    ? `<div style="background:${color};color:#ffffff;padding:12px 16px;font-weight:600;font-size:18px">${logo}${escapeHtml(brand.firmName)}</div>\n`
    : "";
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#111">${header}${body}<p>${escapeHtml(signOff(brand))}</p></body></html>`;
  return { ...head, text, html };
}
