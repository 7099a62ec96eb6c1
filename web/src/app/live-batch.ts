import type { LiveKind } from "@common/live";

/**
 * At most one refresh per `intervalMs` (decision 076): the first change refreshes at once, the
 * changes that follow within the interval are gathered into one refresh at its end. An import of
 * hundreds of items is hundreds of events; the screens fetch again about once a second meanwhile,
 * never once per item.
 */
export function createLiveBatch(refresh: (kinds: Set<LiveKind>) => void, intervalMs: number) {
  let pending = new Set<LiveKind>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    const kinds = pending;
    pending = new Set();
    refresh(kinds);
    timer = setTimeout(() => {
      timer = undefined;
      if (pending.size) flush();
    }, intervalMs);
  };
  return {
    add(kind: LiveKind) {
      pending.add(kind);
      if (!timer) flush();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}
