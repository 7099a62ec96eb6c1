import { APIError } from "better-auth/api";

/** What better-auth's passkey plugin hands its afterVerification callbacks (registration or sign-in). */
type Verified = {
  verification:
    | { registrationInfo?: { userVerified: boolean } }
    | { authenticationInfo?: { userVerified: boolean } };
};

/**
 * A passkey stands for the password and the second step together (decision 056), so the device
 * must have verified its user (fingerprint, face, PIN), not only seen someone touch it. The plugin
 * asks for it, but verifies with `requireUserVerification: false`: this refuses the rest.
 */
export function requireVerifiedUser({ verification }: Verified): void {
  const info =
    "registrationInfo" in verification
      ? verification.registrationInfo
      : "authenticationInfo" in verification
        ? verification.authenticationInfo
        : undefined;
  if (!info?.userVerified)
    throw APIError.from("BAD_REQUEST", {
      code: "PASSKEY_USER_NOT_VERIFIED",
      message: "The passkey did not verify that it is you",
    });
}
