import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * Scrolls to the element that the address's anchor names (/profile/security#passkeys) once the
 * screen calling this has rendered: the browser looks for it only while the page loads, before a
 * lazily loaded screen is there.
 */
export function useScrollToAnchor() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
}
