import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

/** Spec 02 §9: the sidebar's open state lives in a cookie for 7 days; below 768 px it is a drawer. */
export const SIDEBAR_COOKIE = "sidebar_state";
const COOKIE_MAX_AGE_S = 60 * 60 * 24 * 7;
const MOBILE_QUERY = "(max-width: 767.98px)";

function readOpenCookie(): boolean {
  const match = document.cookie.match(/(?:^|;\s*)sidebar_state=(true|false)(?:;|$)/);
  return match ? match[1] === "true" : true;
}

function writeOpenCookie(isOpen: boolean) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${SIDEBAR_COOKIE}=${isOpen}; max-age=${COOKIE_MAX_AGE_S}; path=/; SameSite=Lax${secure}`;
}

const subscribeMobile = (onChange: () => void) => {
  const query = matchMedia(MOBILE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};
const isMobileNow = () => matchMedia(MOBILE_QUERY).matches;

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeMobile, isMobileNow);
}

export type SidebarState = {
  isMobile: boolean;
  /** Desktop: expanded (16rem) or collapsed to icons (3rem); remembered in the cookie. */
  isOpen: boolean;
  /** Mobile: the drawer is showing. */
  isDrawerOpen: boolean;
  setDrawerOpen: (isOpen: boolean) => void;
  /** Collapses or expands on desktop, opens or closes the drawer on mobile (also Ctrl/Cmd + B). */
  toggle: () => void;
};

export function useSidebarState(): SidebarState {
  const isMobile = useIsMobile();
  const [isOpen, setIsOpen] = useState(readOpenCookie);
  const [isDrawerOpen, setDrawerOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) return setDrawerOpen((v) => !v);
    setIsOpen(!isOpen);
    writeOpenCookie(!isOpen);
  }, [isMobile, isOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() !== "b" ||
        !(event.ctrlKey || event.metaKey) ||
        event.altKey ||
        event.shiftKey
      )
        return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  // Crossing the breakpoint closes the drawer (adjusting state while rendering, not in an effect).
  const [wasMobile, setWasMobile] = useState(isMobile);
  if (wasMobile !== isMobile) {
    setWasMobile(isMobile);
    setDrawerOpen(false);
  }

  return { isMobile, isOpen, isDrawerOpen, setDrawerOpen, toggle };
}
