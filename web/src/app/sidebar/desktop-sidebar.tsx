import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import type { Me } from "@/lib/me";
import { cn } from "@/lib/utils";
import { SidebarNav } from "./sidebar-nav";
import type { SidebarState } from "./use-sidebar-state";

const SIDEBAR_ID = "sidebar";

/** 768 px and wider: the sidebar beside the screen, 16rem, or 3rem of icons when collapsed. */
export function DesktopSidebar({ me, sidebar }: { me: Me; sidebar: SidebarState }) {
  const isCollapsed = !sidebar.isOpen;
  const toggle = (
    <button
      type="button"
      onClick={sidebar.toggle}
      aria-expanded={sidebar.isOpen}
      aria-controls={SIDEBAR_ID}
      aria-keyshortcuts="Control+B Meta+B"
      title={`${isCollapsed ? "Expand" : "Collapse"} sidebar (Ctrl+B)`}
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-foreground-soft hover:bg-muted hover:text-foreground"
    >
      {isCollapsed ? (
        <PanelLeftOpen aria-hidden="true" className="size-4" />
      ) : (
        <PanelLeftClose aria-hidden="true" className="size-4" />
      )}
      <span className="sr-only">Toggle sidebar</span>
    </button>
  );
  return (
    <div
      id={SIDEBAR_ID}
      data-state={isCollapsed ? "collapsed" : "expanded"}
      className={cn(
        "shrink-0 border-r border-border bg-card transition-[width] print:hidden duration-200 motion-reduce:transition-none",
        isCollapsed ? "w-12" : "w-64",
      )}
    >
      <div className="sticky top-0 h-dvh">
        <SidebarNav me={me} isCollapsed={isCollapsed} control={toggle} />
      </div>
    </div>
  );
}
