import { useSyncExternalStore } from "react";

/**
 * Light or dark looks (decision 036). The choice is kept in localStorage under "theme";
 * web/public/theme.js reads it before the first paint and sets <html data-theme>, and this module
 * keeps that attribute right afterwards (a new choice, or the system switching while on "system").
 */
export type ThemeChoice = "system" | "light" | "dark";
export type Theme = "light" | "dark";

export const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];
const STORAGE_KEY = "theme";
const DARK_QUERY = "(prefers-color-scheme: dark)";

const listeners = new Set<() => void>();

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === "light" || stored === "dark") return stored;
  } catch {
    // storage refused (private mode): follow the system
  }
  return "system";
}

let choice: ThemeChoice = typeof window === "undefined" ? "system" : readChoice();

function systemTheme(): Theme {
  return window.matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

function resolve(c: ThemeChoice): Theme {
  return c === "system" ? systemTheme() : c;
}

function apply() {
  document.documentElement.dataset.theme = resolve(choice);
  listeners.forEach((l) => l());
}

/** Keeps <html data-theme> right: call once, before the first render (main.tsx). */
export function startTheme() {
  apply();
  window.matchMedia(DARK_QUERY).addEventListener("change", () => {
    if (choice === "system") apply();
  });
  // Another tab changed the choice.
  window.addEventListener("storage", (e) => {
    if (e.key !== STORAGE_KEY) return;
    choice = readChoice();
    apply();
  });
}

export function setThemeChoice(next: ThemeChoice) {
  choice = next;
  try {
    if (next === "system") localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // not kept: the choice lasts for this page only
  }
  apply();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => void listeners.delete(l);
}

/**
 * The stored choice (system, light or dark). A prerendered page (decision 058) is built with
 * "system", and hydrates with it before showing the stored choice: the page's colours come from
 * <html data-theme> (theme.js), set before the first paint either way.
 */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    subscribe,
    () => choice,
    (): ThemeChoice => "system",
  );
}

/** The theme in effect (light or dark), e.g. for sonner's Toaster ("light" while prerendering). */
export function useTheme(): Theme {
  return useSyncExternalStore(
    subscribe,
    () => resolve(choice),
    (): Theme => "light",
  );
}
