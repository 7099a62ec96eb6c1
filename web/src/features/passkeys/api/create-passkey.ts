import { PASSKEY_MSG, type PasskeyView } from "@common/passkeys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { api } from "@/lib/api-client";
import { signInSecretFor } from "@/lib/keys/sign-in-secret";
import { passkeysQueryKey } from "./list-passkeys";
import { loadWebAuthn, unsupported, webAuthnFailure } from "./webauthn";

export type CreatePasskeyInput = { email: string; password: string; name: string };

/**
 * Adds a passkey: the password (as its sign-in secret, decision 038) for the server's options,
 * the device makes the key (fingerprint, face or PIN), and the server stores its public half.
 */
export async function createPasskey({ email, password, name }: CreatePasskeyInput) {
  const { secret } = await signInSecretFor(email, password);
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>("/api/passkeys/options", {
    method: "POST",
    body: { password: secret, name },
  });
  const { startRegistration, browserSupportsWebAuthn } = await loadWebAuthn();
  if (!browserSupportsWebAuthn()) throw unsupported();
  const response = await startRegistration({ optionsJSON }).catch((err: unknown) => {
    throw webAuthnFailure(err, PASSKEY_MSG.addFailed);
  });
  return api<PasskeyView>("/api/passkeys", { method: "POST", body: { name, response } });
}

export function useCreatePasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPasskey,
    onSettled: () => qc.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
