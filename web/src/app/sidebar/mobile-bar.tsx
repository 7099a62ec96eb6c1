import { LogOut, Search } from "lucide-react";
import { Link } from "react-router";
import { Logo } from "@/components/logo";
import { openVaultSearch } from "@/features/assets/vault-search/vault-search";
import type { Me } from "@/lib/me";
import { MobileDrawer } from "./mobile-drawer";
import { sidebarFor } from "./sidebar-items";
import { SidebarNav } from "./sidebar-nav";
import { useLogout } from "./use-logout";
import type { SidebarState } from "./use-sidebar-state";

/** Below 768 px: a top bar with the menu button (the sidebar as a drawer), the logo and Log out (Logout for firm users). */
export function MobileBar({ me, sidebar }: { me: Me; sidebar: SidebarState }) {
  const { logout, isPending } = useLogout();
  const close = () => sidebar.setDrawerOpen(false);
  return (
    <header className="sticky top-0 z-40 flex h-14 print:hidden items-center gap-1 border-b border-border bg-card px-2">
      <MobileDrawer isOpen={sidebar.isDrawerOpen} onOpenChange={sidebar.setDrawerOpen}>
        {(closeButton) => (
          <SidebarNav me={me} isCollapsed={false} control={closeButton} onNavigate={close} />
        )}
      </MobileDrawer>
      <Link to="/dashboard" className="mr-auto rounded-md px-1 text-brand">
        <Logo className="text-base" />
      </Link>
      {sidebarFor(me.role).hasVaultSearch && (
        <button
          type="button"
          onClick={openVaultSearch}
          aria-keyshortcuts="/ Control+K Meta+K"
          title="Search vault"
          className="inline-flex size-10 items-center justify-center rounded-md text-foreground-soft hover:bg-muted"
        >
          <Search aria-hidden="true" className="size-5" />
          <span className="sr-only">Search vault</span>
        </button>
      )}
      <button
        type="button"
        onClick={logout}
        disabled={isPending}
        className="inline-flex h-10 items-center gap-2 rounded-md px-3 text-sm font-medium text-foreground-soft hover:bg-muted disabled:opacity-60"
      >
        <LogOut aria-hidden="true" className="size-4" /> {sidebarFor(me.role).logoutLabel}
      </button>
    </header>
  );
}
