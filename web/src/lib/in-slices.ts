/** How long the page's main thread works before the browser gets it back to paint and answer input. */
const SLICE_MS = 8;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * `work` over each item, in order, handing the main thread back to the browser every `sliceMs`: a
 * long list (1,000 passwords rated for strength, seconds on a phone) does not freeze the page.
 */
export async function mapInSlices<T, R>(
  items: readonly T[],
  work: (item: T) => R,
  sliceMs = SLICE_MS,
): Promise<R[]> {
  const results: R[] = [];
  let sliceStart = performance.now();
  for (const item of items) {
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTask();
      sliceStart = performance.now();
    }
    results.push(work(item));
  }
  return results;
}
