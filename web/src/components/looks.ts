/**
 * The looks of components/ui/{button,input,alert}.tsx as plain class names, for what must stay
 * light (/welcome, /login, /register, and the missing-chunk screen in the entry chunk): put them on
 * a <Link>, <a>, <button>, <input> or <div> instead of the primitives, whose radix Slot and
 * class-variance-authority would add to the first visit's JavaScript (decisions 004, 077).
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

/** A multi-line text field (a note, a template): as an input, any height. */
export const textareaLook =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export const labelLook = "text-sm font-medium leading-none";

export const linkLook = "font-medium text-link underline-offset-4 hover:underline";

/** The alert's class names, defined once: ui/alert.tsx builds its variants from these same strings. */
export const ALERT_BASE =
  "relative w-full rounded-lg border p-4 text-sm [&>svg]:absolute [&>svg]:left-4 [&>svg]:top-4 [&>svg~*]:pl-7";

export const ALERT_VARIANTS = {
  default: "border-border bg-card text-foreground",
  info: "border-info-border bg-info-surface text-info-text",
  warning: "border-warning-border bg-warning-surface text-warning-text",
  destructive: "border-danger-border bg-danger-surface text-danger-text",
  success: "border-success-border bg-success-surface text-success-text",
} as const;

/**
 * The same looks as <Alert variant=…>, for a plain element; give it the role Alert would: "alert"
 * for destructive and warning, "status" otherwise.
 */
export const alertLook = {
  info: `${ALERT_BASE} ${ALERT_VARIANTS.info}`,
  destructive: `${ALERT_BASE} ${ALERT_VARIANTS.destructive}`,
} as const;
