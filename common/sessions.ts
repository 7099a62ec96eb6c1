/** The signed-in devices of an account (issue 15, points 6 and 7; docs/decisions/035). */

/** One signed-in device, as GET /api/sessions lists it. Never its token, never a full address. */
export type SessionView = {
  id: string;
  /** The device's User-Agent header as it sent it (the web app names browser and system with common/user-agent.ts). */
  userAgent: string | null;
  /** The address's network (IPv4 /24, IPv6 /48), e.g. "203.0.113.0/24"; null when unknown. */
  network: string | null;
  signedInAt: string;
  lastSeenAt: string;
  isCurrent: boolean;
};
export type SessionList = { sessions: SessionView[] };

/** How stale a session's last-seen time may be before a request writes it again. */
export const LAST_SEEN_PRECISION_SECONDS = 5 * 60;

/** A device (browser, system, network) not seen for this long counts as new again. */
export const KNOWN_DEVICE_DAYS = 180;

/** A session id as better-auth makes them; anything else is answered like a missing session. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const SESSIONS_MSG = {
  signedOut: "That device is signed out.",
  signedOutOthers: "Every other device is signed out.",
  signOutFailed: "Could not sign that device out. Please try again.",
  /** What /login says after the API answered 401 to a signed-in screen. */
  sessionEnded: "Your session has ended. Sign in again.",
  /** Asked before leaving a form with changes. */
  unsavedChanges: "You have unsaved changes. Leave this page and lose them?",
} as const;

/**
 * The network an address belongs to: its IPv4 /24 or IPv6 /48, written as a prefix. Shown
 * instead of the address (we have no geo database) and part of a device's identity. Returns null
 * for anything that is not an address.
 */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (v4) {
    const parts = v4.slice(1, 5).map(Number);
    if (parts.some((p) => p > 255)) return null;
    return `${parts.slice(0, 3).join(".")}.0/24`;
  }
  if (!/^[0-9a-f:]+$/i.test(address) || !address.includes(":")) return null;
  const [head = "", tail] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
  if (groups.some((g) => g.length === 0 || g.length > 4)) return null;
  const prefix = groups.slice(0, 3).map((g) => g.replace(/^0+(?=.)/, ""));
  return `${prefix.join(":")}::/48`;
}
