import { useEffect } from "react";
import { keepAccessKeysForTab, subscribeAccessKeys } from "./access-keys";

/**
 * While the beneficiary is signed in (a portal session, or an account with the address), every
 * access key in memory is kept for the tab's life too (decision 075): the one a link brought before
 * the code, and each one entered or restored since. Before the code there is no session key to
 * wrap it with: it stays in memory only.
 */
export function useKeepAccessKeys(isSignedIn: boolean): void {
  useEffect(() => {
    if (!isSignedIn) return;
    const keep = () => void keepAccessKeysForTab();
    keep();
    return subscribeAccessKeys(keep);
  }, [isSignedIn]);
}
