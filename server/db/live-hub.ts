import { z } from "zod";
import type { Database } from "./client.js";
import type { Logger } from "../logger.js";
import { describeError } from "../logger.js";

/** The channel migration 0034's and 0038's triggers notify on. */
export const LIVE_CHANNEL = "lv_live";

/** One notification: its kind, and the firm and owner it concerns (null when none). */
const eventSchema = z.object({
  k: z.enum(["people", "invitations", "release", "assets", "beneficiaries"]),
  f: z.uuid().nullable(),
  u: z.string().nullable(),
});
export type LiveEvent =
  | { kind: z.infer<typeof eventSchema>["k"]; firmId: string | null; ownerId: string | null }
  | { kind: "resync" };

export type LiveHub = {
  /** Each event from now on, until the returned unsubscribe. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Stops listening and tells every subscriber to end (shutdown). */
  close(): Promise<void>;
  /** The subscribers' end handlers, called on close. */
  onClose(listener: () => void): () => void;
};

/**
 * One LISTEN per process, fanned out to the open streams of this process (server/live/routes.ts).
 * After a lost connection (PostgreSQL), subscribers get `resync`: what changed meanwhile is unknown.
 */
export async function createLiveHub(database: Database, log: Logger): Promise<LiveHub> {
  const listeners = new Set<(event: LiveEvent) => void>();
  const closers = new Set<() => void>();
  const emit = (event: LiveEvent) => {
    for (const listener of listeners) listener(event);
  };
  let stop: (() => Promise<void>) | null = null;
  let isClosed = false;
  try {
    stop = await database.listen(LIVE_CHANNEL, {
      onNotify: (payload) => {
        try {
          const e = eventSchema.parse(JSON.parse(payload));
          emit({ kind: e.k, firmId: e.f, ownerId: e.u });
        } catch {
          log.warn(`live: a notification that is not ours was ignored`);
        }
      },
      onReconnect: () => emit({ kind: "resync" }),
    });
  } catch (err) {
    log.warn(`live: not listening (${describeError(err)}); screens refresh on their own schedule`);
  }
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onClose(listener) {
      closers.add(listener);
      return () => closers.delete(listener);
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      for (const close of closers) close();
      closers.clear();
      listeners.clear();
      await stop?.();
    },
  };
}
