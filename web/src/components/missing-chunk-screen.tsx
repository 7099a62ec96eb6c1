import { APP_MSG } from "@common/app";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { createContext, useContext } from "react";
import { buttonLook } from "@/components/looks";

/** True under the signed-in layout's `<main>`: the error screen then adds no landmark of its own. */
export const InMainLandmark = createContext(false);

/**
 * Shown in place of a screen whose script is still missing after the one reload
 * (app/missing-chunk.ts): what happened, and a Reload button.
 */
export function MissingChunkScreen() {
  const isInMain = useContext(InMainLandmark);
  const content = (
    <div className="mx-auto grid max-w-lg gap-4 py-12 text-center">
      <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-warning-text" />
      <h1 className="text-2xl font-semibold">{APP_MSG.screenLoadFailedTitle}</h1>
      <p className="text-muted-foreground">{APP_MSG.screenLoadFailed}</p>
      {/* A plain button: ui/button.tsx's radix Slot would weigh on every first visit (decision 077) */}
      <button
        type="button"
        className={`${buttonLook.primary} mx-auto w-fit`}
        onClick={() => window.location.reload()}
      >
        <RefreshCw aria-hidden="true" /> Reload
      </button>
    </div>
  );
  if (isInMain) return content;
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-background px-4">
      {content}
    </main>
  );
}
