import { PASSKEY_MSG } from "@common/passkeys";
import { ApiError } from "@/lib/api-client";

/**
 * The browser's side of WebAuthn, through @simplewebauthn/browser, loaded only when a passkey is
 * used (its own chunk: /login's first visit has a JavaScript budget, decision 004).
 */
export const loadWebAuthn = () => import("@simplewebauthn/browser");

/** No WebAuthn in this browser (an old one, or a page that is not a secure context). */
export const unsupported = () => new ApiError(0, "WEBAUTHN", PASSKEY_MSG.unsupported);

/** The browser refused or the person cancelled: said in the app's words, as an ApiError the forms show. */
export function webAuthnFailure(err: unknown, fallback: string): unknown {
  if (err instanceof ApiError) return err;
  const name = err instanceof Error ? err.name : "";
  const message =
    name === "NotAllowedError" || name === "AbortError"
      ? PASSKEY_MSG.cancelled
      : name === "NotSupportedError"
        ? PASSKEY_MSG.unsupported
        : fallback;
  return new ApiError(0, "WEBAUTHN", message);
}
