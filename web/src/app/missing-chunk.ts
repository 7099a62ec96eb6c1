/**
 * A screen's script that is gone after a deploy (its hashed chunk answers 404 to a tab opened
 * before it): the tab reloads once, to fetch the new build; if the script is still missing, the
 * error screen says so. sessionStorage remembers when the reload was tried, so it never loops.
 */

/** sessionStorage key: the time (ms since the epoch) of the last reload tried for a missing chunk. */
export const CHUNK_RELOAD_KEY = "lv.chunkReload";

/** A reload tried this recently is not tried again; a later deploy in the same tab may reload once more. */
export const CHUNK_RELOAD_WINDOW_MS = 5 * 60_000;

/**
 * Whether `error` says a script (or its CSS) could not be fetched: Chromium, Firefox, Safari's
 * failed `import()`, and Vite's preload helper (which dispatches `vite:preloadError` and then
 * throws this). Anything else (a bug in the screen's code) is not a missing chunk.
 */
export function isMissingChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** What to do about a missing chunk, given the last reload tried (the stored text, or null) and now. */
export function decideOnMissingChunk(
  lastReload: string | null,
  now: number,
): "reload" | "show-error" {
  const at = lastReload === null ? NaN : Number(lastReload);
  if (Number.isFinite(at) && at <= now && now - at < CHUNK_RELOAD_WINDOW_MS) return "show-error";
  return "reload";
}

type Store = Pick<Storage, "getItem" | "setItem">;

/**
 * Reloads the page once for a missing chunk (recording the time first) and answers "reloading",
 * or answers "show-error" when a reload was tried within the window. Storage that refuses (a
 * private mode) counts as already tried: better an error screen than a loop.
 */
export function reloadOnceForMissingChunk(
  store: Store,
  reload: () => void,
  now = Date.now(),
): "reloading" | "show-error" {
  try {
    if (decideOnMissingChunk(store.getItem(CHUNK_RELOAD_KEY), now) === "show-error")
      return "show-error";
    store.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return "show-error";
  }
  reload();
  return "reloading";
}
