/**
 * Runs at most `limit` of the tasks given to it at once; the others wait their turn, first come
 * first served. A task that fails gives its turn on like one that succeeds. (The uploads' database
 * writes, server/assets/upload-slots.ts; password sign-ins, server/auth/sign-in-queue-middleware.ts.)
 */
export function takeTurns(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
