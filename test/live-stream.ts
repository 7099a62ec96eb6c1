import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { LIVE_EVENT, type LiveChange } from "../common/live.js";
import type { TestContext } from "./harness.js";

export type LiveStream = {
  /** Every `change` kind received so far, in order. */
  kinds: string[];
  /** How many `change` events of `kind` have come so far. */
  count(kind: string): number;
  /** Resolves once `times` `change` events of `kind` have come in all (fails after 10 s). */
  waitFor(kind: string, times?: number): Promise<void>;
  /** The first event the server sent on opening. */
  opened: Promise<string>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
};

/** Opens GET /api/live as `client` and collects its events (docs/decisions/051). */
export async function openStream(client: {
  get(path: string): Promise<Response>;
}): Promise<LiveStream> {
  const res = await client.get("/api/live");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  expect(res.headers.get("x-accel-buffering")).toBe("no");
  const reader = res.body!.getReader();
  const kinds: string[] = [];
  const count = (kind: string) => kinds.filter((k) => k === kind).length;
  const waiters: { kind: string; times: number; resolve: () => void }[] = [];
  let resolveOpened: (event: string) => void = () => {};
  const opened = new Promise<string>((r) => (resolveOpened = r));
  let buffer = "";
  const ended = (async () => {
    const td = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += td.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
        resolveOpened(event);
        if (event !== LIVE_EVENT.change) continue;
        const { kind } = JSON.parse(data) as LiveChange;
        kinds.push(kind);
        for (const w of waiters.filter((w) => w.kind === kind && count(kind) >= w.times))
          w.resolve();
      }
    }
  })();
  return {
    kinds,
    count,
    opened,
    ended,
    waitFor: (kind, times = 1) =>
      count(kind) >= times
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`not ${times} "${kind}" in ${kinds.join(", ")}`)),
              10_000,
            );
            waiters.push({ kind, times, resolve: () => (clearTimeout(timer), resolve()) });
          }),
    close: () => reader.cancel(),
  };
}

/**
 * Resolves once every notification committed so far has reached `stream`, whose user is `userId`:
 * a marker (their own `release`) notified now comes after them, since NOTIFY keeps commit order.
 * What a stream has not heard by then, it was not told.
 */
export async function drain(ctx: TestContext, stream: LiveStream, userId: string): Promise<void> {
  const marks = stream.count("release") + 1;
  await ctx.services.deps.db.execute(sql`select app_live_notify('release', null, ${userId})`);
  await stream.waitFor("release", marks);
}
