import { vi } from "vitest";

type Answer = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * For component tests whose component calls the API: `fetch` answered by `answer` (one of the fake
 * APIs beside this file, or a few lines in the test) for this test only; the web-dom project
 * unstubs globals after each test. Returns the mock, whose calls a test can read.
 */
export function stubFetch(answer: Answer) {
  const fetch = vi.fn(answer);
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** The paths `fetch` was called with (in order), for "nothing was sent to …" checks. */
export const fetchedPaths = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls.map(([url]) => new URL(url, "http://app").pathname);
