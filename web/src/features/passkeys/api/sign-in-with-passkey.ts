import { PASSKEY_MSG } from "@common/passkeys";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { api } from "@/lib/api-client";
import { setVaultLock } from "@/lib/keys/vault-lock-state";
import { clearVault } from "@/lib/keys/vault-state";
import { loadWebAuthn, unsupported, webAuthnFailure } from "./webauthn";

/**
 * /login's "Sign in with a passkey" (decision 056), imported on click only (/login's budget). The
 * device picks the account (a discoverable credential: no e-mail typed), and better-auth opens a
 * session as the password step would. No password, so no key to the vault: the tab starts locked
 * and the signed-in frame asks for the password (decision 046's lock screen). Nothing that opens
 * the vault is sent.
 * No useMutation hook: /login calls it directly, then enters the app with useEnterApp.
 */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication, browserSupportsWebAuthn } = await loadWebAuthn();
  if (!browserSupportsWebAuthn()) throw unsupported();
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>(
    "/api/auth/passkey/generate-authenticate-options",
  );
  const response = await startAuthentication({ optionsJSON }).catch((err: unknown) => {
    throw webAuthnFailure(err, PASSKEY_MSG.signInFailed);
  });
  await api("/api/auth/passkey/verify-authentication", { method: "POST", body: { response } });
  clearVault(); // whatever this tab held belonged to no session of this sign-in
  setVaultLock({ isLocked: true, reason: "passkey", keepsScreen: false });
}
