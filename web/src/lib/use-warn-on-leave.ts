import { SESSIONS_MSG } from "@common/sessions";
import { useContext, useEffect, useRef } from "react";
import { UNSAFE_NavigationContext } from "react-router";

/**
 * Asks before leaving a form with changes (issue 15, point 7): closing or reloading the tab
 * (beforeunload) and every in-app navigation (links, navigate(), <Navigate>). The app runs React
 * Router in declarative mode (decision 004), where useBlocker does not exist, so the router's
 * navigator is wrapped while any form on screen has changes (docs/decisions/035). The browser's
 * back and forward buttons are not asked about.
 */
type Navigator = { push: (...args: never[]) => void; replace: (...args: never[]) => void };

const hasChangesChecks = new Set<() => boolean>();
let unwrap: (() => void) | undefined;
/** The last replacing navigation the person refused: a <Navigate> that renders again does not ask again (a click does). */
let refused: string | undefined;

/** True while a form that has just kept a draft of itself in memory leaves (leaveWithoutAsking). */
let isLeavingWithDraft = false;

/** Whether a form on screen has unsaved changes (the vault's lock keeps such a screen: decision 046). */
export const hasUnsavedChanges = () => [...hasChangesChecks].some((hasChanges) => hasChanges());

const isBlocking = () => !isLeavingWithDraft && hasUnsavedChanges();

/**
 * Runs `go`, a navigation, without asking: for a form that keeps its values in memory and gets
 * them back when the person returns (the beneficiary picker's "+ Add new beneficiary").
 */
export function leaveWithoutAsking(go: () => void) {
  isLeavingWithDraft = true;
  try {
    go();
  } finally {
    isLeavingWithDraft = false;
  }
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (!isBlocking()) return;
  event.preventDefault();
  event.returnValue = ""; // older Chromium shows its own prompt only with this set
}

function wrap(navigator: Navigator) {
  const { push, replace } = navigator;
  const ask =
    (go: (...args: never[]) => void, isReplace: boolean) =>
    (...args: never[]) => {
      const target = isReplace ? JSON.stringify(args[0]) : undefined;
      if (isBlocking()) {
        if (target !== undefined && target === refused) return;
        if (!window.confirm(SESSIONS_MSG.unsavedChanges)) {
          refused = target;
          return;
        }
      }
      refused = undefined;
      go(...args);
    };
  navigator.push = ask(push, false);
  navigator.replace = ask(replace, true);
  window.addEventListener("beforeunload", onBeforeUnload);
  return () => {
    navigator.push = push;
    navigator.replace = replace;
    window.removeEventListener("beforeunload", onBeforeUnload);
  };
}

/** While `hasChanges` is true, leaving the screen asks first. */
export function useWarnOnLeave(hasChanges: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const latest = useRef(hasChanges);
  useEffect(() => {
    latest.current = hasChanges;
  }, [hasChanges]);
  useEffect(() => {
    const check = () => latest.current;
    hasChangesChecks.add(check);
    unwrap ??= wrap(navigator as unknown as Navigator);
    return () => {
      hasChangesChecks.delete(check);
      if (hasChangesChecks.size === 0) {
        unwrap?.();
        unwrap = undefined;
        refused = undefined;
      }
    };
  }, [navigator]);
}
