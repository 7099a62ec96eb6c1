import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";

/** The frame of the beneficiary portal (/legacy): brand header, the page, footer. No sidebar, signed in or not. */
export function PortalLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-3 print:hidden">
          <Link to="/welcome" className="rounded-md text-brand">
            <Logo />
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="w-full flex-1 px-4 py-8 sm:py-12">
        <div className="mx-auto grid max-w-3xl gap-6">{children}</div>
      </main>
      <footer className="py-6 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} Legacy Vault
      </footer>
    </div>
  );
}
