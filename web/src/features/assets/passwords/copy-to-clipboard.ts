import { CLIPBOARD_CLEAR_MS, PASSWORD_MSG } from "@common/assets/passwords";
import { COPY_FAILED } from "@/lib/clipboard";
import { toast } from "@/lib/toast";

let pendingClear: { timer?: ReturnType<typeof setTimeout>; onFocus?: () => void } | undefined;

function cancelPendingClear() {
  if (!pendingClear) return;
  clearTimeout(pendingClear.timer);
  if (pendingClear.onFocus) window.removeEventListener("focus", pendingClear.onFocus);
  pendingClear = undefined;
}

/** True when the page may read the clipboard without asking (Chromium after a grant); Firefox and Safari ask every time. */
async function canReadSilently(): Promise<boolean> {
  try {
    const name = "clipboard-read" as PermissionName;
    return (await navigator.permissions.query({ name })).state === "granted";
  } catch {
    return false;
  }
}

/**
 * Empties the clipboard unless it is known to hold something else now. Browsers let only a
 * focused page write it, so an unfocused page waits for focus; where reading would prompt the user,
 * it is cleared as the toast promised without reading.
 */
async function clearIfStill(text: string) {
  if (!document.hasFocus()) {
    const onFocus = () => {
      pendingClear = undefined;
      void clearIfStill(text);
    };
    window.addEventListener("focus", onFocus, { once: true });
    pendingClear = { onFocus };
    return;
  }
  pendingClear = undefined;
  try {
    if ((await canReadSilently()) && (await navigator.clipboard.readText()) !== text) return;
    await navigator.clipboard.writeText("");
  } catch {
    // Refused: nothing more to do without the user.
  }
}

/**
 * The lists' one-click copy of a username or password: writes it, says the clipboard will be
 * cleared, and clears it after CLIPBOARD_CLEAR_MS if it still holds what was put there. A newer
 * copy replaces the pending clear (the newest value is the one cleared).
 */
export async function copyAndClearLater(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    toast.error(COPY_FAILED);
    return false;
  }
  cancelPendingClear();
  pendingClear = { timer: setTimeout(() => void clearIfStill(text), CLIPBOARD_CLEAR_MS) };
  toast.success(PASSWORD_MSG.copiedWillClear, { id: "clipboard-clear" });
  return true;
}
