/**
 * The looks of components/ui/{button,input}.tsx as plain class names, for the pages that must
 * stay light (/welcome, /login): put them on a <Link>, <a>, <button> or <input> instead of the
 * primitives, whose radix Slot and Label would add to the first visit's JavaScript.
 */
/** The button's class names, defined once: ui/button.tsx builds its variants from these same strings. */
export const BUTTON_BASE =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-3 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0";

export const BUTTON_VARIANTS = {
  default: "bg-brand text-brand-foreground hover:bg-brand/90",
  destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
  outline: "border border-border bg-card hover:bg-muted",
  secondary: "bg-muted text-foreground hover:bg-muted-strong",
  ghost: "hover:bg-muted",
  link: "text-link underline-offset-4 hover:underline",
} as const;

export const BUTTON_SIZES = {
  default: "h-10 px-4 py-2",
  sm: "h-9 px-3",
  lg: "h-11 px-6 text-base",
  icon: "size-10",
} as const;

/** The same looks as <Button variant=…> at the default size, for a plain element. */
export const buttonLook = {
  primary: `${BUTTON_BASE} ${BUTTON_SIZES.default} ${BUTTON_VARIANTS.default}`,
  outline: `${BUTTON_BASE} ${BUTTON_SIZES.default} ${BUTTON_VARIANTS.outline}`,
  ghost: `${BUTTON_BASE} ${BUTTON_SIZES.default} ${BUTTON_VARIANTS.ghost}`,
} as const;

export const inputLook =
  "flex h-10 w-full rounded-md border border-border bg-card px-3 py-2 text-base placeholder:text-placeholder disabled:cursor-not-allowed disabled:bg-muted aria-[invalid=true]:border-destructive";

export const labelLook = "text-sm font-medium leading-none";

export const linkLook = "font-medium text-link underline-offset-4 hover:underline";
