import { useCallback, useRef } from "react";

/**
 * For a button that a form replaces while open: `returnFocus()` marks that focus should come
 * back, and the callback ref gives it to the button as soon as it is on the page again.
 */
export function useFocusOnReturn() {
  const isPending = useRef(false);
  const ref = useCallback((el: HTMLButtonElement | null) => {
    if (el && isPending.current) {
      isPending.current = false;
      el.focus();
    }
  }, []);
  const returnFocus = useCallback(() => {
    isPending.current = true;
  }, []);
  return { ref, returnFocus };
}
