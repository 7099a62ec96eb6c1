import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { BUTTON_BASE, BUTTON_VARIANTS, buttonLook } from "@/components/looks";

/** /welcome, the landing page (spec 01 §1). A first-visit page: plain elements, inline icons, no icon library. */

const Icon = ({ children }: { children: ReactNode }) => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    className="size-6"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
);

const HERO_BUTTON =
  "inline-flex h-11 items-center justify-center rounded-md px-6 text-base font-medium transition-colors";

const PREVIEW = [
  ["Last will and testament", "Document · for Emma"],
  ["Online banking", "3 passwords · for David"],
  ["Letter to my children", "Note · for Emma and David"],
];

/** A picture of the product, not a control: hidden from assistive technology. */
const VaultPreview = () => (
  <div
    aria-hidden="true"
    className="hidden rounded-xl bg-card p-5 text-foreground shadow-2xl lg:block"
  >
    <div className="flex items-center justify-between border-b border-border pb-3">
      <span className="font-semibold">My vault</span>
      <span className="rounded-full bg-success-surface px-2.5 py-0.5 text-xs font-medium text-success-text">
        Encrypted
      </span>
    </div>
    <ul className="divide-y divide-border">
      {PREVIEW.map(([title, detail]) => (
        <li key={title} className="flex items-center gap-3 py-3">
          <span className="flex size-9 items-center justify-center rounded-lg bg-brand/10 text-brand">
            <Icon>
              <rect x="4" y="11" width="16" height="10" rx="2" />
              <path d="M8 11V7a4 4 0 0 1 8 0v4" />
            </Icon>
          </span>
          <span>
            <span className="block text-sm font-medium">{title}</span>
            <span className="block text-xs text-muted-foreground">{detail}</span>
          </span>
        </li>
      ))}
    </ul>
  </div>
);

const FEATURES = [
  {
    title: "Store securely",
    text: "Passwords, wills and personal files are encrypted with AES-256 and kept in your private vault, where only you decide who sees them.",
    icon: (
      <>
        <rect x="4" y="11" width="16" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </>
    ),
  },
  {
    title: "Share with ease",
    text: "Name a beneficiary for each item by email. They receive exactly what you chose for them, when the time comes, and nothing else.",
    icon: (
      <>
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
      </>
    ),
  },
  {
    title: "Rest assured",
    text: "Your attorney can stand beside you, and your family will not have to search for what matters when they need it most.",
    icon: <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4" />,
  },
];

const AUDIENCES = [
  {
    title: "For individuals and families",
    points: [
      "Keep passwords, wills and notes in one vault",
      "Choose who receives each item",
      "Link your account to your law firm with its code",
    ],
    to: "/register",
    action: "Create your vault",
  },
  {
    title: "For attorneys and law firms",
    points: [
      "Firm administrators manage staff and access codes",
      "Staff see the firm's clients in one place",
      "Clients join your firm with a code you issue",
    ],
    to: "/firm-register",
    action: "Register your firm",
  },
];

/** The header's buttons, narrower on a phone: with the theme toggle, all fit in 375 px. */
const NAV_BUTTON = `${BUTTON_BASE} h-10`;

export default function Welcome() {
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-1 px-2 py-3 sm:gap-2 sm:px-4">
          <Link to="/welcome" className="rounded-md text-brand" aria-label="Legacy Vault home">
            <Logo className="text-base sm:text-lg" />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            <span className="hidden sm:contents">
              <ThemeToggle />
            </span>
            <span className="contents sm:hidden">
              <ThemeToggle isCompact />
            </span>
            <Link to="/login" className={`${NAV_BUTTON} px-2 sm:px-4 ${BUTTON_VARIANTS.ghost}`}>
              Sign In
            </Link>
            <Link
              to="/register"
              className={`${NAV_BUTTON} px-3 sm:px-4 ${BUTTON_VARIANTS.default}`}
            >
              Get Started
            </Link>
          </nav>
        </div>
      </header>

      <main id="main" className="flex-1">
        <section className="bg-hero text-white">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[3fr_2fr]">
            <div>
              <p className="text-sm font-semibold tracking-wide text-amber-200 uppercase">
                For individuals, families and estate attorneys
              </p>
              <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">
                Secure Your Legacy, Share What Matters Most
              </h1>
              <p className="mt-5 max-w-2xl text-lg text-slate-200">
                Legacy Vault keeps your passwords, legal documents and personal notes in one
                encrypted place, and makes sure each one reaches the person you chose.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link
                  to="/register"
                  className={`${HERO_BUTTON} bg-white text-hero hover:bg-slate-100`}
                >
                  Get Started
                </Link>
                <Link
                  to="/firm-register"
                  className={`${HERO_BUTTON} border border-white/70 hover:bg-white/10`}
                >
                  Register your firm
                </Link>
              </div>
            </div>
            <VaultPreview />
          </div>
        </section>

        <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
          <h2
            id="features"
            className="text-center text-3xl font-bold tracking-tight text-foreground"
          >
            Everything that matters, in one safe place
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f.title} className="rounded-xl border border-border p-6 shadow-sm">
                <span className="inline-flex size-12 items-center justify-center rounded-lg bg-brand/10 text-brand">
                  <Icon>{f.icon}</Icon>
                </span>
                <h3 className="mt-4 text-lg font-semibold text-foreground">{f.title}</h3>
                <p className="mt-2 text-muted-foreground">{f.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="audiences" className="bg-muted">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
            <h2
              id="audiences"
              className="text-center text-3xl font-bold tracking-tight text-foreground"
            >
              Made for you and the attorneys who serve you
            </h2>
            <div className="mt-10 grid gap-6 md:grid-cols-2">
              {AUDIENCES.map((a) => (
                <div key={a.title} className="flex flex-col rounded-xl bg-card p-6 shadow-sm">
                  <h3 className="text-xl font-semibold text-foreground">{a.title}</h3>
                  <ul className="mt-4 flex-1 space-y-2 text-foreground-soft">
                    {a.points.map((p) => (
                      <li key={p} className="flex gap-2">
                        <span aria-hidden="true" className="font-bold text-success">
                          ✓
                        </span>
                        {p}
                      </li>
                    ))}
                  </ul>
                  <Link to={a.to} className={`${buttonLook.outline} mt-6 self-start`}>
                    {a.action}
                  </Link>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section
          aria-label="Testimonial"
          className="mx-auto max-w-3xl px-4 py-16 text-center sm:py-20"
        >
          <figure>
            <blockquote className="text-xl font-medium text-foreground sm:text-2xl">
              “After a death, families often spend months searching for accounts, passwords and the
              latest version of a will. With Legacy Vault my clients keep it all in one secure
              place, and I know their wishes will be found.”
            </blockquote>
            <figcaption className="mt-6 text-muted-foreground">
              <span className="font-semibold text-foreground">Margaret Ellis</span>, Estate Planning
              Attorney
            </figcaption>
          </figure>
        </section>

        <section aria-labelledby="cta" className="bg-hero text-white">
          <div className="mx-auto max-w-6xl px-4 py-16 text-center">
            <h2 id="cta" className="text-3xl font-bold tracking-tight">
              Don't Leave It to Chance
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-slate-200">
              Set up your vault in minutes and give the people you love certainty when they need it
              most.
            </p>
            <Link
              to="/register"
              className={`${HERO_BUTTON} mt-8 bg-white text-hero hover:bg-slate-100`}
            >
              Get Started
            </Link>
          </div>
        </section>
      </main>

      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <Logo className="text-lg text-brand" />
          <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
            <Link to="/login" className="hover:text-foreground hover:underline">
              Sign In
            </Link>
            <Link to="/register" className="hover:text-foreground hover:underline">
              Get Started
            </Link>
            <Link to="/firm-register" className="hover:text-foreground hover:underline">
              Register your firm
            </Link>
            {/* spelled out, not components/about-links: its shared chunk would be one more request on the first visit */}
            <Link to="/privacy" className="hover:text-foreground hover:underline">
              Privacy
            </Link>
            <Link to="/terms" className="hover:text-foreground hover:underline">
              Terms
            </Link>
            <Link to="/security" className="hover:text-foreground hover:underline">
              Security
            </Link>
          </nav>
          {/* prerendered at build time (decision 058): the year may have turned since */}
          <p suppressHydrationWarning>© {new Date().getFullYear()} Legacy Vault</p>
        </div>
      </footer>
    </div>
  );
}
