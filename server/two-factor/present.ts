import type { AuthenticatorSetupView } from "../../common/two-factor.js";

/** better-auth's enable answer → what the profile shows once: the URI for the QR code, its key as text, the codes. */
export function presentSetup({
  totpURI,
  backupCodes,
}: {
  totpURI: string;
  backupCodes: string[];
}): AuthenticatorSetupView {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return { uri: totpURI, secret, recoveryCodes: backupCodes };
}
