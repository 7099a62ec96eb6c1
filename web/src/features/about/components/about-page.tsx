import type { ReactNode } from "react";
import { Link } from "react-router";
import { AboutLinks } from "@/components/about-links";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";

/**
 * The frame of /privacy, /terms and /security: public, readable signed in or not, one h1, one
 * section (h2) per question, a main landmark and the same footer as every public page.
 */
export function AboutPage({
  title,
  summary,
  children,
}: {
  title: string;
  summary: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
          <Link to="/" className="rounded-md text-brand" aria-label="Legacy Vault home">
            <Logo />
          </Link>
          <div className="flex flex-wrap items-center gap-3">
            <AboutLinks className="shrink-0 text-sm text-muted-foreground" />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <article className="mx-auto max-w-3xl px-4 py-10 text-foreground sm:py-14">
          <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{title}</h1>
          <div className="mt-4 text-lg text-foreground-soft">{summary}</div>
          <div className="mt-10 grid gap-10">{children}</div>
        </article>
      </main>
      <footer className="border-t border-border py-6 text-sm text-muted-foreground">
        <AboutLinks label="Footer" />
        <p className="mt-3 text-center">© {new Date().getFullYear()} Legacy Vault</p>
      </footer>
    </div>
  );
}

/** One question the page answers: an h2 and plain paragraphs and lists. */
export function AboutSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="grid gap-3 leading-relaxed [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_ul]:grid [&_ul]:gap-2"
    >
      <h2 id={id} className="text-xl font-semibold text-foreground">
        {title}
      </h2>
      {children}
    </section>
  );
}
