import { BRAND_TEXT_COLOR, DEFAULT_BRAND_COLOR } from "@common/firm-page";
import type { LegacyFirmView } from "@common/legacy";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";

/**
 * The frame of the beneficiary portal (/legacy): brand header, the page, footer. No sidebar, signed
 * in or not. Once the beneficiary is signed in, the law firms acting for the owners whose items
 * they see (decision 100) carry the page: a band with each firm's name on its colour.
 */
export function PortalLayout({
  children,
  firms = [],
}: {
  children: ReactNode;
  firms?: LegacyFirmView[];
}) {
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
      {firms.map((firm) => (
        <div
          key={firm.name}
          className="px-4 py-2 print:hidden"
          style={{
            backgroundColor: firm.brandColor ?? DEFAULT_BRAND_COLOR,
            color: BRAND_TEXT_COLOR,
          }}
          data-testid="portal-firm"
        >
          <p className="mx-auto max-w-3xl text-sm font-semibold">
            {firm.name}
            <span className="font-normal"> · with Legacy Vault</span>
          </p>
        </div>
      ))}
      <main id="main" className="w-full flex-1 px-4 py-8 sm:py-12">
        <div className="mx-auto grid max-w-3xl gap-6">{children}</div>
      </main>
      <footer className="py-6 text-center text-xs text-muted-foreground">
        {firms.length > 0 && `${firms.map((f) => f.name).join(", ")} · `}©{" "}
        {new Date().getFullYear()} Legacy Vault
      </footer>
    </div>
  );
}
