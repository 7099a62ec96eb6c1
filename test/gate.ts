/** A promise that stays pending until `open` is called: a task held at a known point. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Resolves once the promise callbacks already queued have run. */
export const settle = () => new Promise((resolve) => setImmediate(resolve));
