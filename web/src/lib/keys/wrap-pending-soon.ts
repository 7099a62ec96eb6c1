import type { QueryClient } from "@tanstack/react-query";
import { dataKeyQueryOptions } from "./api/get-data-key";
import { moveOver } from "./move-over";

let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<unknown> = Promise.resolve();

/**
 * Wraps what is pending (decision 091: what a role now gives, e.g. a new estate entry for the
 * executor, or every entry for a person just named executor) with the tab's data key, shortly after
 * the save that made it pending: a burst of saves (an import) wraps once. A locked tab wraps
 * nothing here (it never asks for the password in the background); the items stay pending and are
 * wrapped at the next sign-in, as moving over does (decision 032).
 */
export function wrapPendingSoon(queryClient: QueryClient, delayMs = 400) {
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    running = running
      .then(() =>
        moveOver({ queryClient, getDataKey: () => queryClient.fetchQuery(dataKeyQueryOptions()) }),
      )
      .catch(() => undefined);
  }, delayMs);
}
