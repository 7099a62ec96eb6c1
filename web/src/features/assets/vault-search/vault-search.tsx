import { lazy, Suspense, useEffect, useState } from "react";

const VaultSearchDialog = lazy(() => import("./vault-search-dialog"));

const OPEN_EVENT = "lv:open-vault-search";

/** Opens the vault search from anywhere (the sidebar's and the top bar's Search buttons). */
export const openVaultSearch = () => window.dispatchEvent(new Event(OPEN_EVENT));

/** Keys typed into a field are the user's text, not a shortcut. */
function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
    target.getAttribute("role") === "combobox"
  );
}

/** `/` (outside fields and dialogs) or Ctrl/Cmd+K anywhere. */
export function isSearchShortcut(e: KeyboardEvent) {
  if (e.key.toLowerCase() === "k" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey)
    return true;
  if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return false;
  return !document.querySelector('[role="dialog"], [role="alertdialog"]');
}

/**
 * The one search across the whole vault, on every signed-in screen: `/` or Ctrl/Cmd+K opens it.
 * Its dialog (and the decryption it does) is loaded on first use; closing it drops what it opened.
 */
export function VaultSearch() {
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isSearchShortcut(e)) return;
      e.preventDefault();
      setIsOpen(true);
    };
    const onOpen = () => setIsOpen(true);
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener(OPEN_EVENT, onOpen);
    };
  }, []);
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <VaultSearchDialog onClose={() => setIsOpen(false)} />
    </Suspense>
  );
}
