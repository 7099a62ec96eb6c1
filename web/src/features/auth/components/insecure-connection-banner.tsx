import { useSyncExternalStore } from "react";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** True when credentials would travel in clear text: plain HTTP on anything but this machine. */
export const isInsecureConnection = (): boolean =>
  window.location.protocol !== "https:" && !LOCAL_HOSTS.has(window.location.hostname);

const never = () => () => {};

/**
 * The security warning of /login (spec 01 §2) when the page is not served over HTTPS. The build
 * prerenders /login without it (no address then: decision 058); it shows once the page hydrates.
 */
export function InsecureConnectionBanner() {
  const isInsecure = useSyncExternalStore(never, isInsecureConnection, () => false);
  if (!isInsecure) return null;
  return (
    <div
      role="alert"
      className="mb-4 w-full max-w-md rounded-lg border border-warning-border bg-warning-surface p-4 text-sm text-warning-text"
    >
      <p className="font-semibold">Security warning: this connection is not secure</p>
      <p className="mt-1">
        This page is not served over HTTPS, so your email and password could be read by others on
        the network. Sign in only on the secure (https://) address of Legacy Vault.
      </p>
    </div>
  );
}
