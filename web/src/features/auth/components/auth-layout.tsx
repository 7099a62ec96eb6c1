import type { ReactNode } from "react";
import { Link } from "react-router";
import { AboutLinks } from "@/components/about-links";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";

/** The frame of the sign-in screens: brand header, one centred card holding the page's h1, footer. */
export function AuthLayout({
  title,
  description,
  banner,
  children,
}: {
  title: string;
  description?: ReactNode;
  banner?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-muted">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <Link to="/welcome" className="rounded-md text-brand">
            <Logo />
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col items-center px-4 py-8 sm:py-12">
        {banner}
        <div className="w-full max-w-md rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
          {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <footer className="py-6 text-center text-xs text-muted-foreground">
        <AboutLinks className="mb-2" />
        {/* prerendered at build time (decision 058): the year may have turned since */}
        <span suppressHydrationWarning>© {new Date().getFullYear()} Legacy Vault</span>
      </footer>
    </div>
  );
}
