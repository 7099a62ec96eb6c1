import { BRAND_TEXT_COLOR, FIRM_PAGE_MSG } from "@common/firm-page";
import { Link, useParams } from "react-router";
import { AboutLinks } from "@/components/about-links";
import { Loading } from "@/components/loading";
import { LoadError } from "@/components/load-error";
import { buttonLook } from "@/components/looks";
import { ThemeToggle } from "@/components/theme-toggle";
import { useFirmPage } from "@/features/firms/api/get-firm-page";
import { FirmLogo } from "@/features/firms/components/firm-logo";
import { ApiError, errorMessage } from "@/lib/api-client";
import NotFound from "./not-found";

/**
 * /f/<slug> (decision 095): a firm's own page for sign-in and registration, in its name, logo
 * and colour (white text on the colour reaches WCAG AA: checked when the admin chose it). The
 * register link fills in the code the firm made for this page, when it publishes one. A slug no
 * claimed firm has is the ordinary not-found page.
 */
export default function FirmPage() {
  const { slug = "" } = useParams();
  const page = useFirmPage(slug);
  if (page.error instanceof ApiError && page.error.status === 404) return <NotFound />;
  if (page.isError)
    return (
      <div className="mx-auto max-w-lg p-6">
        <LoadError onRetry={() => void page.refetch()}>
          {errorMessage(page.error, "The firm's page could not be loaded")}
        </LoadError>
      </div>
    );
  if (!page.data) return <Loading />;
  const { name, logoUrl, brandColor, joinCode } = page.data;
  const register = joinCode ? `/register?firmCode=${encodeURIComponent(joinCode)}` : "/register";
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header style={{ backgroundColor: brandColor, color: BRAND_TEXT_COLOR }}>
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
          <span className="truncate text-sm font-medium">{name}</span>
          <ThemeToggle />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 px-4 focus:outline-none">
        <section
          aria-labelledby="firm-page-title"
          className="mx-auto flex w-full max-w-md flex-col items-center gap-6 py-12 text-center sm:py-20"
        >
          <FirmLogo url={logoUrl} firmName={name} className="w-44" />
          <div className="grid gap-2">
            <h1 id="firm-page-title" className="text-3xl font-bold tracking-tight text-foreground">
              {name}
            </h1>
            <p className="text-foreground-soft">
              Keep your estate plan, documents and wishes safe with us, in your own encrypted vault.
            </p>
          </div>
          <div className="grid w-full gap-3">
            <Link
              to={register}
              className={`${buttonLook.primary} h-11 hover:opacity-90`}
              style={{ backgroundColor: brandColor, color: BRAND_TEXT_COLOR }}
            >
              {joinCode ? FIRM_PAGE_MSG.registerWithCode : FIRM_PAGE_MSG.register}
            </Link>
            <Link to="/login" className={`${buttonLook.outline} h-11`}>
              {FIRM_PAGE_MSG.signIn}
            </Link>
          </div>
          <p className="text-sm text-muted-foreground">
            {joinCode ? (
              <>
                Our firm code <code className="rounded bg-muted px-1.5 py-0.5">{joinCode}</code> is
                filled in for you.
              </>
            ) : (
              FIRM_PAGE_MSG.codeNotPublished
            )}
          </p>
        </section>
      </main>
      <footer className="grid gap-3 border-t border-border py-6 text-center text-sm text-muted-foreground">
        <p>Secured by Legacy Vault</p>
        <AboutLinks label="Footer" />
      </footer>
    </div>
  );
}
