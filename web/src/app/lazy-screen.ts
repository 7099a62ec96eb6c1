import { lazy, type ComponentType } from "react";
import { MissingChunkScreen } from "@/components/missing-chunk-screen";
import { isMissingChunkError, reloadOnceForMissingChunk } from "./missing-chunk";

type Module = { default: ComponentType };

/**
 * React.lazy for a screen's chunk, which may be gone after a deploy: a failed fetch of the
 * chunk (or of a chunk or CSS file it needs, which Vite's preload helper announces as
 * `vite:preloadError` and then throws) reloads the page once; if that was tried already, the
 * screen is the MissingChunkScreen. Any other error is thrown as it was.
 */
export function lazyScreen(load: () => Promise<Module>) {
  return lazy(() =>
    load().catch((error: unknown): Promise<Module> | Module => {
      if (!isMissingChunkError(error)) throw error;
      const outcome = reloadOnceForMissingChunk(window.sessionStorage, () =>
        window.location.reload(),
      );
      // While the page reloads, the screen stays pending (its Loading placeholder).
      if (outcome === "reloading") return new Promise<Module>(() => {});
      return { default: MissingChunkScreen };
    }),
  );
}
