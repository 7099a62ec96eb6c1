import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { takeAccessKeyFragment } from "./access-keys";

/**
 * Takes the access key from the owner's link (`/legacy#access=<key id>.<key>`, docs/decisions/032)
 * into memory and removes it from the address bar at once (history.replaceState, through the
 * router), so that it stays in neither the address nor this page's history entry.
 */
export function useAccessKeyFromLink(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (takeAccessKeyFragment(hash)) navigate({ pathname, search, hash: "" }, { replace: true });
  }, [hash, pathname, search, navigate]);
}
