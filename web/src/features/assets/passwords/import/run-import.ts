/**
 * Saves `items` with `save`, the first alone (it may make what the others share, such as the
 * beneficiary's key), then `atOnce` at a time. `save` reports a failure in its result instead of
 * throwing, so one failure never stops the others. Results come back in the items' order;
 * `onDone` is called after each one with how many are done.
 */
export async function runImport<T, R>(
  items: T[],
  save: (item: T) => Promise<R>,
  { atOnce, onDone }: { atOnce: number; onDone: (done: number) => void },
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let done = 0;
  const saveAt = async (at: number) => {
    results[at] = await save(items[at] as T);
    onDone(++done);
  };
  if (items.length > 0) await saveAt(0);
  let next = 1;
  const worker = async () => {
    while (next < items.length) await saveAt(next++);
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return results;
}
