/**
 * Live screens (issue 16 point 9, docs/decisions/051-live-screens.md): GET /api/live is a stream of
 * Server-Sent Events saying what changed — never the data, which the screens fetch again.
 */

/**
 * What changed: a firm's people (clients, staff), its invitations, a release; the owner's own items
 * (`assets`: passwords, documents, notes, their files, versions and who they are left to) or
 * beneficiaries (with their keys, decision 076); `resync` after a gap.
 */
export const LIVE_KINDS = [
  "people",
  "invitations",
  "release",
  "assets",
  "beneficiaries",
  "resync",
] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];
export type LiveChange = { kind: LiveKind };

/** The SSE event names. */
export const LIVE_EVENT = { change: "change", heartbeat: "heartbeat" } as const;

/** Spec 01 ("Realtime heartbeat"): every 30 s; reconnect delays 1, 2, 5, 10 s. */
export const LIVE_HEARTBEAT_MS = 30_000;
export const LIVE_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
