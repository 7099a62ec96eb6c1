import { ACCESS_KEY_PARAM } from "@common/keys";
import { useSyncExternalStore } from "react";
import { accessKeyFromText, parseAccessKeyLink } from "@/lib/crypto/beneficiary-keys";

/**
 * The access keys a beneficiary brought (docs/decisions/032-beneficiary-keys.md): beneficiary key
 * id → the 32 bytes from the owner's link or sheet. Memory only (this module, this tab): never
 * storage or cookies, forgotten on sign-out and when the tab closes. One key opens every item
 * wrapped with the same beneficiary key.
 */
const keys = new Map<string, Uint8Array>();
const listeners = new Set<() => void>();
let version = 0;

/** What the last access-key link opened in this tab brought (for the portal's notice). */
export type AccessKeyArrival = { status: "received"; keyId: string } | { status: "unreadable" };
let arrival: AccessKeyArrival | null = null;

function changed() {
  version++;
  for (const listener of listeners) listener();
}

export function rememberAccessKey(keyId: string, accessKey: Uint8Array): void {
  keys.set(keyId.toLowerCase(), accessKey);
  changed();
}

export const getAccessKey = (keyId: string): Uint8Array | undefined =>
  keys.get(keyId.toLowerCase());

/** A key that turned out not to open its items: the beneficiary is asked for it again. */
export function forgetAccessKey(keyId: string): void {
  if (keys.delete(keyId.toLowerCase())) changed();
}

/** Sign-out: the next person at this browser brings their own. */
export function forgetAccessKeys(): void {
  if (!keys.size) return;
  keys.clear();
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * The access-key link's fragment (`#access=…`) taken in: its key kept in memory, and the arrival
 * noted for useAccessKeyArrival. False when `hash` carries no access key.
 */
export function takeAccessKeyFragment(hash: string): boolean {
  const taken = readAccessKeyFragment(hash);
  if (taken === null) return false;
  if (taken === "unreadable") arrival = { status: "unreadable" };
  else {
    keys.set(taken.keyId, taken.accessKey);
    arrival = { status: "received", keyId: taken.keyId };
  }
  changed();
  return true;
}

/**
 * What the last link brought, while it matters: a received key only while it is still in memory
 * (not after sign-out, nor once it proved wrong). Re-renders when that changes.
 */
export function useAccessKeyArrival(): AccessKeyArrival | null {
  useSyncExternalStore(subscribe, () => version);
  if (arrival?.status === "received" && !keys.has(arrival.keyId)) return null;
  return arrival;
}

export type AccessKeyEntry = { keyId: string; accessKey: Uint8Array };

/**
 * The access key in an address's fragment (`#access=<key id>.<key>`): null when the fragment
 * carries none, "unreadable" when it does but is damaged (cut short when copied, say).
 */
export function readAccessKeyFragment(hash: string): AccessKeyEntry | "unreadable" | null {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!fragment.startsWith(`${ACCESS_KEY_PARAM}=`)) return null;
  return parseAccessKeyLink(fragment) ?? "unreadable";
}

/**
 * What a beneficiary typed or pasted into the "Access key" field for an item of beneficiary key
 * `keyId`: the whole link, the "<key id>.<key>" text, or the key alone. "other-key" when it names
 * another beneficiary key (another owner's link, or one replaced since); null when it is not an
 * access key at all.
 */
export function readAccessKeyEntry(
  text: string,
  keyId: string,
): AccessKeyEntry | "other-key" | null {
  const link = parseAccessKeyLink(text);
  if (link) return link.keyId === keyId.toLowerCase() ? link : "other-key";
  const accessKey = accessKeyFromText(text);
  return accessKey ? { keyId: keyId.toLowerCase(), accessKey } : null;
}
