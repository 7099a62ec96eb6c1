import {
  BRAND_TEXT_COLOR,
  DEFAULT_BRAND_COLOR,
  FIRM_PAGE_MSG,
  brandColorProblem,
  firmSlugSchema,
} from "@common/firm-page";
import type { FirmView } from "@common/firms";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { linkLook } from "@/components/looks";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useUpdateFirmPage } from "../api/update-firm-page";

/**
 * The firm page's settings on /firm/edit (decision 095): its address, its colour (white text on
 * it must reach WCAG AA: the refusal is said as the colour is typed, with the ratio), and whether
 * the page carries a code made for it.
 */
export function FirmPageForm({ firm }: { firm: FirmView }) {
  const colorId = useId();
  const [slug, setSlug] = useState(firm.page.slug);
  const [color, setColor] = useState(firm.page.brandColor ?? "");
  const [isCodeOnPage, setIsCodeOnPage] = useState(firm.page.isCodeOnPage);
  const [slugError, setSlugError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const update = useUpdateFirmPage();
  const typed = color.trim().toLowerCase();
  const colorError = typed ? brandColorProblem(typed) : undefined;
  /** A refused colour is not drawn: white text on it would be the unreadable sample it is refused for. */
  const swatch = typed && !colorError ? typed : DEFAULT_BRAND_COLOR;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const parsed = firmSlugSchema.safeParse(slug);
    setSlugError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success || colorError) return;
    try {
      const saved = await update.mutateAsync({
        slug: parsed.data,
        brandColor: typed || null,
        isCodeOnPage,
      });
      setSlug(saved.page.slug);
      toast.success(FIRM_PAGE_MSG.saved);
    } catch (err) {
      if (err instanceof ApiError && err.fields?.slug) setSlugError(err.fields.slug);
      else setServerError(errorMessage(err, FIRM_PAGE_MSG.saveFailed));
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-5">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <FormField
        label="Page address"
        error={slugError}
        hint={
          <>
            Your page:{" "}
            <Link to={`/f/${firm.page.slug}`} className={linkLook}>
              /f/{firm.page.slug}
            </Link>
            . 3 to 40 lowercase letters, digits and hyphens.
          </>
        }
      >
        <Input
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
        />
      </FormField>
      <div className="grid gap-2">
        <label htmlFor={colorId} className="text-sm font-medium leading-none">
          Brand colour (optional)
        </label>
        <div className="flex items-center gap-3">
          <input
            type="color"
            aria-label="Pick the brand colour"
            value={swatch}
            onChange={(e) => setColor(e.target.value)}
            className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-border bg-card"
          />
          <Input
            id={colorId}
            value={color}
            placeholder={DEFAULT_BRAND_COLOR}
            onChange={(e) => setColor(e.target.value)}
            aria-invalid={colorError ? true : undefined}
            aria-describedby={`${colorId}-hint ${colorId}-error`}
            spellCheck={false}
            maxLength={7}
          />
          <span
            className="inline-flex h-10 shrink-0 items-center rounded-md px-4 text-sm font-medium"
            style={{ backgroundColor: swatch, color: BRAND_TEXT_COLOR }}
            aria-hidden="true"
          >
            Sign in
          </span>
        </div>
        <p id={`${colorId}-hint`} className="text-xs text-muted-foreground">
          Shown behind white text on your page, so it must be dark enough to read (WCAG AA).
        </p>
        <p id={`${colorId}-error`} role="alert" className="text-sm text-destructive">
          {colorError}
        </p>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={`${colorId}-code`}
          type="checkbox"
          checked={isCodeOnPage}
          onChange={(e) => setIsCodeOnPage(e.target.checked)}
          aria-describedby={`${colorId}-code-hint`}
          className="mt-0.5 size-4 accent-brand"
        />
        <div className="grid gap-1">
          <label htmlFor={`${colorId}-code`} className="text-sm font-medium leading-none">
            {FIRM_PAGE_MSG.codeOnPageLabel}
          </label>
          <p id={`${colorId}-code-hint`} className="text-xs text-muted-foreground">
            {FIRM_PAGE_MSG.codeOnPageHint}
          </p>
        </div>
      </div>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Firm Page"}
        </Button>
      </div>
    </form>
  );
}
