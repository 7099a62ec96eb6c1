import { Outlet } from "react-router";
import { useMe } from "@/lib/me";
import { AboutLinks } from "@/components/about-links";
import { Loading } from "@/components/loading";
import { useMoveOverOnce } from "@/features/keys/use-move-over";
import { DesktopSidebar } from "./sidebar/desktop-sidebar";
import { MobileBar } from "./sidebar/mobile-bar";
import { useSidebarState } from "./sidebar/use-sidebar-state";

/**
 * The signed-in frame (spec 02 'Layout and sidebar'): the role's sidebar beside the screen on
 * desktop (Ctrl/Cmd + B collapses it to icons), a top bar with a slide-in drawer below 768 px.
 * Public pages do not use this layout, so visitors never see a sidebar.
 */
export default function MainLayout() {
  const { data: me } = useMe();
  const sidebar = useSidebarState();
  // Every role: an individual who registered a firm is its admin and keeps their items. It lists
  // only the signed-in user's own keys (never a client's, also in View as Client), and fetches
  // the data key only when something is pending.
  useMoveOverOnce(!!me);
  if (!me) return <Loading />; // RequireAuth renders this layout only with a user
  return (
    <div className="min-h-dvh bg-muted md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      {sidebar.isMobile ? (
        <MobileBar me={me} sidebar={sidebar} />
      ) : (
        <DesktopSidebar me={me} sidebar={sidebar} />
      )}
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8">
        <div className="mx-auto max-w-5xl">
          <Outlet />
        </div>
        <footer className="mx-auto mt-12 max-w-5xl border-t border-border pt-4 text-xs text-muted-foreground">
          <AboutLinks />
        </footer>
      </main>
    </div>
  );
}
