import type { ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { AboutLinks } from "@/components/about-links";
import { buttonLook } from "@/components/looks";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { useMe } from "@/lib/me";

/** A signpost drawn inline: a way that leads nowhere. */
function Signpost() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-10"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 13v8M12 3v3M18 6a2 2 0 0 1 1.387.56l2.307 2.22a1 1 0 0 1 0 1.44l-2.307 2.22A2 2 0 0 1 18 13H6a2 2 0 0 1-1.387-.56l-2.306-2.22a1 1 0 0 1 0-1.44l2.306-2.22A2 2 0 0 1 6 6z" />
    </svg>
  );
}

/** Visitors: the public pages' header and footer around the message. */
function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="rounded-md text-brand" aria-label="Legacy Vault home">
            <Logo />
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 px-4 focus:outline-none">
        {children}
      </main>
      <footer className="border-t border-border py-6 text-sm text-muted-foreground">
        <AboutLinks label="Footer" />
      </footer>
    </div>
  );
}

/** Any unknown address: inside the app shell when signed in (router.tsx), the public frame otherwise. */
export default function NotFound() {
  const { data: me } = useMe();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const canGoBack = window.history.length > 1;
  const message = (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex w-full max-w-lg flex-col items-center gap-5 py-16 text-center sm:py-24"
    >
      <span className="flex size-20 items-center justify-center rounded-full bg-brand/10 text-brand">
        <Signpost />
      </span>
      <p className="text-sm font-semibold tracking-widest text-muted-foreground uppercase">
        Error 404
      </p>
      <h1 id="not-found-title" className="text-3xl font-bold tracking-tight text-foreground">
        Page not found
      </h1>
      <p className="text-foreground-soft">
        Nothing lives at{" "}
        <code className="rounded bg-muted px-1.5 py-0.5 break-all">{pathname}</code>. The link may
        be mistyped, or the page may have moved.
        {me ? " Your vault is safe and where you left it." : ""}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonLook.primary}>
          Return to Home
        </Link>
        {canGoBack && (
          <button type="button" onClick={() => void navigate(-1)} className={buttonLook.outline}>
            Go back
          </button>
        )}
      </div>
    </section>
  );
  return me ? message : <PublicFrame>{message}</PublicFrame>;
}
