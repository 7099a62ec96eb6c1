/** The whole message chain of an error (drizzle wraps the driver's error in `cause`). */
export function messages(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e instanceof Error; e = e.cause) parts.push(e.message);
  return parts.join(" <- ");
}

/** Resolves to the message chain of the statement's error; fails the test if it succeeded. */
export async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return messages(err);
  }
  throw new Error("expected the statement to be refused");
}
