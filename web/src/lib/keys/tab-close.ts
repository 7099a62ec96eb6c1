import { forgetTabCopies } from "./tab-storage";

/**
 * Closing the tab locks the vault (decision 046). sessionStorage dies with the tab, except that
 * browsers bring it back with a tab reopened after closing (Ctrl+Shift+T) or a session restored
 * at start-up: then this tab's copy of the data key (and of a beneficiary's access keys, decision
 * 075) would open again with the session's key. So each page that goes away notes when, and a page
 * that starts long after that (not a reload nor a same-tab navigation, which take seconds) forgets
 * the copies and asks for the password (or the access key) again.
 */
const LEFT_AT_KEY = "lv.vault.left-at";
export const RELOAD_GRACE_MS = 20_000;

/** At start: forgets this tab's copies when its last page went away more than the grace ago. */
export function forgetCopyOfReopenedTab(now = Date.now()) {
  try {
    const leftAt = Number(sessionStorage.getItem(LEFT_AT_KEY));
    sessionStorage.removeItem(LEFT_AT_KEY);
    if (leftAt > 0 && now - leftAt > RELOAD_GRACE_MS) forgetTabCopies();
  } catch {
    // storage off: there is no copy either
  }
}

export function noteLeavingPage(now = Date.now()) {
  try {
    sessionStorage.setItem(LEFT_AT_KEY, String(now));
  } catch {
    // storage off: there is no copy either
  }
}

/** Called once before the app renders. */
export function watchTabClose() {
  forgetCopyOfReopenedTab();
  window.addEventListener("pagehide", () => noteLeavingPage());
}
