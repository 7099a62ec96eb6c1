import { expect } from "vitest";

/**
 * A rate limit's refusal, as every limited route answers it: 429 with a Retry-After of whole
 * seconds, at least one (RFC 9110: delay-seconds), so that a client knows when to try again.
 */
export function expectRetryLater(res: Response): void {
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
}
