import { Suspense, useEffect, type ComponentType } from "react";
import { Loading } from "@/components/loading";
import { replayEarlyInput } from "./early-input";
import { lazyScreen } from "./lazy-screen";

/** Renders nothing; once the screen beside it is on the page (hydrated, on a prerendered page), types again what was typed before (decision 058). */
function ReplayEarlyInput() {
  useEffect(replayEarlyInput, []);
  return null;
}

/**
 * Each screen is its own lazily loaded chunk (React Router's declarative mode: 14 KB lighter than
 * the data router); a chunk gone after a deploy reloads the page once (lazy-screen.ts).
 */
export const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazyScreen(load);
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
      <ReplayEarlyInput />
    </Suspense>
  );
};
