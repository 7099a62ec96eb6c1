/**
 * The looks of components/ui/{button,input}.tsx as plain class names, for the pages that must
 * stay light (/welcome, /login): put them on a <Link>, <a>, <button> or <input> instead of the
 * primitives, whose radix Slot and Label would add to the first visit's JavaScript.
 */
const button =
  "inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60";

export const buttonLook = {
  primary: `${button} h-10 px-4 bg-brand text-brand-foreground hover:bg-brand/90`,
  outline: `${button} h-10 px-4 border border-border bg-white text-slate-900 hover:bg-muted`,
  ghost: `${button} h-10 px-3 text-slate-900 hover:bg-muted`,
} as const;

export const inputLook =
  "flex h-10 w-full rounded-md border border-border bg-white px-3 py-2 text-base placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-muted aria-[invalid=true]:border-destructive";

export const labelLook = "text-sm font-medium leading-none";

export const linkLook = "font-medium text-blue-700 underline-offset-4 hover:underline";
