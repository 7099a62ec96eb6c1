import { useQueryClient } from "@tanstack/react-query";
import { CircleUserRound, LockKeyhole, LogOut, Search } from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { Logo } from "@/components/logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { openVaultSearch } from "@/features/assets/vault-search/vault-search";
import { lockVault } from "@/lib/keys/vault-lock";
import type { Me } from "@/lib/me";
import { cn } from "@/lib/utils";
import { sidebarFor } from "./sidebar-items";
import { useLogout } from "./use-logout";

const row = "group relative flex min-h-9 items-center gap-3 rounded-md px-2 py-2 text-sm";
const idle = "text-foreground-soft hover:bg-muted hover:text-foreground";
const active = "bg-brand/10 font-semibold text-brand";

/**
 * The text of a row: beside its icon when expanded, whole (wrapped, never cut off); when
 * collapsed, a tooltip on hover and focus that still names the row for screen readers.
 */
function RowLabel({ isCollapsed, children }: { isCollapsed: boolean; children: ReactNode }) {
  if (!isCollapsed) return <span className="min-w-0 wrap-break-word">{children}</span>;
  return (
    <span className="pointer-events-none absolute top-1/2 left-full z-50 ml-3 -translate-y-1/2 rounded-md bg-foreground px-2 py-1 text-xs font-medium whitespace-nowrap text-background opacity-0 shadow group-hover:opacity-100 group-focus-visible:opacity-100">
      {children}
    </span>
  );
}

type Props = {
  me: Me;
  isCollapsed: boolean;
  /** Beside the logo: the collapse toggle on desktop, the close button in the drawer. */
  control: ReactNode;
  /** The drawer closes when a link is followed. */
  onNavigate?: () => void;
};

/** The sidebar: the links the role can use (the current one marked aria-current="page"), the user, Lock now (decision 046) and Log out (Logout for firm users, as the spec words them). */
export function SidebarNav({ me, isCollapsed, control, onNavigate }: Props) {
  const section = sidebarFor(me.role);
  const { logout, isPending } = useLogout();
  const queryClient = useQueryClient();
  const isFirm = me.role !== "regular_user";
  return (
    <nav
      aria-label={section.label}
      className={cn("flex h-full flex-col gap-4 p-2", !isCollapsed && "overflow-y-auto")}
    >
      <div
        className={cn(
          "flex min-h-10 items-center gap-2",
          isCollapsed ? "justify-center" : "justify-between pl-2",
        )}
      >
        {!isCollapsed && (
          <Link to="/dashboard" onClick={onNavigate} className="rounded-md text-brand">
            <Logo className="text-base" />
          </Link>
        )}
        {control}
      </div>
      {isFirm && !isCollapsed && (
        <div className="grid gap-0.5 px-2">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Firm Management
          </p>
          {me.firmName && <p className="text-sm font-medium wrap-anywhere">{me.firmName}</p>}
        </div>
      )}
      {section.hasVaultSearch && (
        <button
          type="button"
          onClick={() => {
            onNavigate?.();
            openVaultSearch();
          }}
          aria-keyshortcuts="/ Control+K Meta+K"
          className={cn(row, idle, "w-full border border-border", isCollapsed && "justify-center")}
        >
          <Search aria-hidden="true" className="size-4 shrink-0" />
          <RowLabel isCollapsed={isCollapsed}>Search vault</RowLabel>
          {!isCollapsed && (
            <kbd
              aria-hidden="true"
              className="ml-auto rounded border border-border px-1.5 font-sans text-xs text-muted-foreground"
            >
              /
            </kbd>
          )}
        </button>
      )}
      <ul className="grid gap-1">
        {section.items.map(({ to, label, icon: Icon, isExact }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={isExact}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(row, isActive ? active : idle, isCollapsed && "justify-center")
              }
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <RowLabel isCollapsed={isCollapsed}>{label}</RowLabel>
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="mt-auto grid gap-1 border-t border-border pt-2">
        <div className={cn("flex", isCollapsed ? "justify-center" : "px-1")}>
          <ThemeToggle isCompact={isCollapsed} />
        </div>
        <NavLink
          to="/profile"
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(row, isActive ? active : idle, isCollapsed && "justify-center")
          }
        >
          <CircleUserRound aria-hidden="true" className="size-5 shrink-0" />
          {isCollapsed ? (
            <RowLabel isCollapsed>{me.name}</RowLabel>
          ) : (
            <span className="grid min-w-0 text-left">
              <span className="truncate font-medium">{me.name}</span>
              <span className="truncate text-xs font-normal text-muted-foreground">{me.email}</span>
            </span>
          )}
        </NavLink>
        <button
          type="button"
          onClick={() => {
            onNavigate?.();
            lockVault({ queryClient, reason: "now" });
          }}
          className={cn(row, idle, "w-full", isCollapsed && "justify-center")}
        >
          <LockKeyhole aria-hidden="true" className="size-4 shrink-0" />
          <RowLabel isCollapsed={isCollapsed}>Lock now</RowLabel>
        </button>
        <button
          type="button"
          onClick={logout}
          disabled={isPending}
          className={cn(row, idle, "w-full disabled:opacity-60", isCollapsed && "justify-center")}
        >
          <LogOut aria-hidden="true" className="size-4 shrink-0" />
          <RowLabel isCollapsed={isCollapsed}>{section.logoutLabel}</RowLabel>
        </button>
      </div>
    </nav>
  );
}
