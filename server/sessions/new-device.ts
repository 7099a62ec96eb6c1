import { createHmac } from "node:crypto";
import { KNOWN_DEVICE_DAYS, networkOf } from "../../common/sessions.js";
import { describeUserAgent, parseUserAgent } from "../../common/user-agent.js";
import type { Db } from "../db/client.js";
import type { Mail } from "../mail/templates.js";
import { newDeviceMail } from "./new-device-mail.js";
import { recordDevice } from "./queries.js";

type NoticeDeps = {
  db: Db;
  appUrl: string;
  secret: string;
  sendMail: (mail: Mail) => Promise<void>;
};

/** A new session: who, from where, and which better-auth endpoint made it. */
export type NewSession = {
  userId: string;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** better-auth's endpoint path, e.g. "/sign-in/email"; undefined outside a request. */
  path?: string;
};

/**
 * A device is its browser, system (names, no versions: an update is not a new device) and
 * network (IPv4 /24, IPv6 /48), kept only as a keyed hash (docs/decisions/035).
 */
export function deviceKeyOf(secret: string, s: Pick<NewSession, "ipAddress" | "userAgent">) {
  const { browser, os } = parseUserAgent(s.userAgent);
  const identity = [browser ?? "?", os ?? "?", networkOf(s.ipAddress) ?? "?"].join("|");
  return createHmac("sha256", secret).update(`sign-in-device:${identity}`).digest("base64url");
}

/**
 * Called for every new session (server/auth/auth.ts). A device not seen for KNOWN_DEVICE_DAYS
 * gets the "was this you?" mail, except the account's first device (nothing to compare with)
 * and the password step of an account with sign-in codes: that session is replaced once the code
 * is entered, and the notice goes with the one that stays.
 */
export async function noticeNewDevice(deps: NoticeDeps, s: NewSession): Promise<void> {
  const deviceKey = deviceKeyOf(deps.secret, s);
  const isPasswordStep = s.path === "/sign-in/email";
  const state = await recordDevice(deps.db, {
    userId: s.userId,
    deviceKey,
    knownDays: KNOWN_DEVICE_DAYS,
    isPasswordStep,
  });
  if (!state || (isPasswordStep && state.twoFactorEnabled)) return;
  if (state.isKnown || !state.hasAny) return;
  await deps.sendMail(
    newDeviceMail(deps.appUrl, {
      to: state.email,
      device: describeUserAgent(parseUserAgent(s.userAgent)),
      network: networkOf(s.ipAddress),
      at: new Date(),
    }),
  );
}
