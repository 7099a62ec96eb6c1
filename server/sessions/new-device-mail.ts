import { PROFILE_PATHS } from "../../common/profiles.js";
import { composeMail, type Mail } from "../mail/templates.js";

/**
 * "Was this you?" after a sign-in from a device the account had not used (docs/decisions/035).
 * Nothing in it grants anything: it points at the profile's device list (behind sign-in) and at
 * the password reset, which signs every device out.
 */
export function newDeviceMail(
  appUrl: string,
  { to, device, network, at }: { to: string; device: string; network: string | null; at: Date },
): Mail {
  const when = at.toUTCString().replace("GMT", "UTC");
  return composeMail(
    {
      template: "new-device",
      to,
      subject: "New sign-in to your Legacy Vault account",
      expiresAt: null,
    },
    [
      {
        text: "Your Legacy Vault account was just signed in to from a device it had not used before:",
      },
      { text: `${device}${network ? `, network ${network}` : ""}, ${when}.` },
      { text: "Was this you? Then there is nothing to do." },
      {
        text: "If it was not you, choose a new password now: that signs out every device, including this one. You can also see every signed-in device and sign them out from your profile.",
      },
      { link: `${appUrl}/reset-password`, label: "Choose a new password" },
      { link: `${appUrl}${PROFILE_PATHS.security}#sessions`, label: "See your signed-in devices" },
    ],
  );
}
