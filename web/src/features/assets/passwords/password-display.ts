import { PASSWORD_MASK_MAX_DOTS } from "@common/assets/passwords";

/** The masked password: one dot per character, at most 12 (spec 02 §2, §9), so the mask hints at no more than that. */
export const maskPassword = (password: string) =>
  "•".repeat(Math.min([...password].length, PASSWORD_MASK_MAX_DOTS));

/**
 * A link target for a stored website, or null when it is not an http(s) address (a
 * `javascript:` or `data:` value is shown as text, never linked). "example.com" means https.
 */
export function websiteHref(website: string): string | null {
  const value = website.trim();
  if (!value) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The site's host name for a list row ("bank.example.com" of "https://bank.example.com/login"), else the text as stored. */
export function websiteHost(website: string): string {
  const href = websiteHref(website);
  if (!href) return website.trim();
  return new URL(href).hostname.replace(/^www\./, "");
}
