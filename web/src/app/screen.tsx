import {
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from "react";
import type { QueryClient } from "@tanstack/react-query";
import { createRoutesFromElements, matchRoutes } from "react-router";
import { Loading } from "@/components/loading";
import { replayEarlyInput } from "./early-input";
import { lazyScreen } from "./lazy-screen";

/**
 * A screen's module: its component, and what it may ask for before it first renders (its list's
 * query, say), which `preloadScreensAt` starts beside the chunks on a first visit.
 */
type ScreenModule = { default: ComponentType; prefetch?: (queryClient: QueryClient) => void };
type Load = () => Promise<ScreenModule>;

/** Renders nothing; once the screen beside it is on the page (hydrated, on a prerendered page), types again what was typed before (decision 058). */
function ReplayEarlyInput() {
  useEffect(replayEarlyInput, []);
  return null;
}

type ScreenProps = {
  /** The screen, once its chunk has loaded (by `preload`); undefined before. */
  loaded: () => ComponentType | undefined;
  Lazy: ComponentType;
  /**
   * Loads the chunk; undefined when it failed (never rejects). Not used by the frame itself:
   * preloadScreensAt reads it from the route's element, before anything renders.
   */
  preload: () => Promise<ScreenModule | undefined>;
};

function ScreenFrame({ loaded, Lazy }: ScreenProps) {
  // Chosen once for this mount: the screen itself when its chunk is already here (no fallback,
  // so React has no reveal to hold back), else the lazy one.
  const [Screen] = useState(() => loaded() ?? Lazy);
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
      <ReplayEarlyInput />
    </Suspense>
  );
}

/** Each `screen` call's own key: two screens never share a frame (nor its choice of component). */
let screens = 0;

/**
 * Each screen is its own lazily loaded chunk (React Router's declarative mode: 14 KB lighter than
 * the data router); a chunk gone after a deploy reloads the page once (lazy-screen.ts).
 */
export const screen = (load: Load) => {
  let Loaded: ComponentType | undefined;
  const keep = () =>
    load().then((m) => {
      Loaded = m.default;
      return m;
    });
  return (
    <ScreenFrame
      key={`screen-${++screens}`}
      loaded={() => Loaded}
      Lazy={lazyScreen(keep)}
      preload={() => keep().catch(() => undefined)}
    />
  );
};

/**
 * Loads the chunks of the screens that `routes` (a tree of <Route> whose elements come from
 * `screen`) shows at `pathname`, and starts what each screen prefetches. A first visit to a
 * signed-in address loads its screen with the table that names it (router.tsx), so that the layout
 * and the screen appear in one step: a screen that suspends shows its fallback, and React then
 * holds its content back for 300 ms after that fallback (issue 39, the vault list's first rows).
 */
export function preloadScreensAt(
  routes: ReactNode,
  pathname: string,
  queryClient: QueryClient,
): Promise<unknown> {
  const matches = matchRoutes(createRoutesFromElements(routes), pathname) ?? [];
  return Promise.all(
    matches.map(async ({ route }) => {
      const element = route.element as ReactElement<Partial<ScreenProps>> | undefined;
      (await element?.props.preload?.())?.prefetch?.(queryClient);
    }),
  );
}
