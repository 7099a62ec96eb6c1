import type { ClientRow } from "./api/list-clients";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The spec's placeholder rows for when the firm's clients cannot be loaded (spec 02 §4), dated
 * 0, 3 and 7 days ago. Shown only under a 'Sample data' notice, each row badged, never linked.
 */
export function sampleClients(now = Date.now()): ClientRow[] {
  return [0, 3, 7].map((days, i) => ({
    id: `sample-${i + 1}`,
    name: `Sample Client ${i + 1}`,
    email: `sample.client${i + 1}@example.com`,
    createdAt: new Date(now - days * DAY_MS).toISOString(),
  }));
}
