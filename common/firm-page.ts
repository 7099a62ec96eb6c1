/**
 * A firm's own page for sign-in and registration, /f/<slug> (docs/decisions/095): its address
 * (the slug), its brand colour with the contrast check, what the page's data answer holds, and
 * the texts. Pure: used by server and web alike.
 */
import { z } from "zod";

/* ---------- constants ---------- */

export const FIRM_SLUG_MIN = 3;
export const FIRM_SLUG_MAX = 40;
/** Lowercase letters, digits and hyphens, starting and ending with a letter or digit. */
export const FIRM_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** A colour as the page stores it: `#rrggbb`, lowercase. */
export const BRAND_COLOR_PATTERN = /^#[0-9a-f]{6}$/;
/** The page's default colour when the firm chose none (the app's primary blue). */
export const DEFAULT_BRAND_COLOR = "#1d4ed8";
/** White text sits on the brand colour (the page's band and buttons): WCAG AA for normal text. */
export const BRAND_TEXT_COLOR = "#ffffff";
export const MIN_TEXT_CONTRAST = 4.5;

/* ---------- messages ---------- */

export const FIRM_PAGE_MSG = {
  slugLength: `Use ${FIRM_SLUG_MIN} to ${FIRM_SLUG_MAX} characters`,
  slugCharacters:
    "Use lowercase letters, digits and hyphens only, starting and ending with a letter or digit",
  slugTaken: "This address is already used by another firm. Please choose another.",
  colorFormat: "Enter a colour as # and six hexadecimal digits, for example #1d4ed8",
  colorContrast: (ratio: number) =>
    `White text on this colour has a contrast of ${ratio.toFixed(2)}:1; at least ${MIN_TEXT_CONTRAST}:1 is needed (WCAG AA). Choose a darker colour.`,
  saved: "Firm page updated",
  saveFailed: "Failed to update the firm page",
  signIn: "Sign in",
  register: "Create your account",
  registerWithCode: "Create your account with our firm code",
  codeNotPublished: "Your firm will give you its code to link your account.",
  codeOnPageLabel: "Fill in a firm code on the page's register link",
  codeOnPageHint:
    "A code made for this page only, shown to anyone who opens it. Your other codes stay private; turning this off deactivates the page's code.",
} as const;

/* ---------- pure helpers ---------- */

/** A firm name as a slug: accents dropped, anything else a hyphen, within the length. */
export function slugFromName(name: string): string {
  const base = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, FIRM_SLUG_MAX)
    .replace(/^-+|-+$/g, "");
  return base.length >= FIRM_SLUG_MIN ? base : `firm-${base}`.replace(/-$/, "");
}

/** The n-th candidate for a slug already taken: `base-n`, the base cut to keep within the length. */
export function numberedSlug(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, FIRM_SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
}

/** WCAG 2 relative luminance of `#rrggbb`. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** The message refusing `hex` as a brand colour, or undefined when white text on it reaches AA. */
export function brandColorProblem(hex: string): string | undefined {
  if (!BRAND_COLOR_PATTERN.test(hex)) return FIRM_PAGE_MSG.colorFormat;
  const ratio = contrastRatio(BRAND_TEXT_COLOR, hex);
  return ratio >= MIN_TEXT_CONTRAST ? undefined : FIRM_PAGE_MSG.colorContrast(ratio);
}

/* ---------- inputs ---------- */

export const firmSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(FIRM_SLUG_MIN, FIRM_PAGE_MSG.slugLength)
  .max(FIRM_SLUG_MAX, FIRM_PAGE_MSG.slugLength)
  .regex(FIRM_SLUG_PATTERN, FIRM_PAGE_MSG.slugCharacters);

export const brandColorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((hex, ctx) => {
    const problem = brandColorProblem(hex);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** PATCH /api/firm/page (firm admin): the page's address, colour, and whether it carries a code. */
export const updateFirmPageSchema = z.object({
  slug: firmSlugSchema,
  brandColor: brandColorSchema.nullable(),
  isCodeOnPage: z.boolean(),
});
export type UpdateFirmPageInput = z.output<typeof updateFirmPageSchema>;

/* ---------- answers ---------- */

/**
 * GET /api/firm-pages/:slug, public: what the page shows and nothing more. `joinCode` is the code
 * made for the page when the firm chose to publish one (decision 095), else null.
 */
export type FirmPageView = {
  name: string;
  logoUrl: string | null;
  brandColor: string;
  joinCode: string | null;
};

/** The admin's view of the page's settings (in GET /api/firm's answer). */
export type FirmPageSettings = {
  slug: string;
  brandColor: string | null;
  isCodeOnPage: boolean;
};
