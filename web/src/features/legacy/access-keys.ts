import { ACCESS_KEY_PARAM } from "@common/keys";
import { useSyncExternalStore } from "react";
import { accessKeyFromText, parseAccessKeyLink } from "@/lib/crypto/beneficiary-keys";
import { importRawDataKey } from "@/lib/crypto/password-keys";
import { tabCopy } from "@/lib/keys/tab-copy";
import { readTabCopy, tabCopyNames, TAB_COPY_NAMES, writeTabCopy } from "@/lib/keys/tab-storage";
import { getTabKey } from "./api/get-tab-key";

/**
 * The access keys a beneficiary brought (docs/decisions/032-beneficiary-keys.md): beneficiary key
 * id → the 32 bytes from the owner's link or sheet. In memory, and once the beneficiary is signed
 * in, kept for this tab's life as the owner's data key is (decision 075): wrapped in this tab's
 * sessionStorage with a key the server keeps for the portal session, so that a reload does not
 * ask again; a new tab or another browser does. Never sent, never in cookies or localStorage;
 * forgotten on sign-out, when the session ends and when the tab closes. One key opens every item
 * wrapped with the same beneficiary key.
 */
const keys = new Map<string, Uint8Array>();
/** This page's one restore of the keys the tab kept (restoreAccessKeys). */
let restoring: Promise<void> | undefined;
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
  writeTabCopy(copyName(keyId), null);
  if (keys.delete(keyId.toLowerCase())) changed();
}

/** Sign-out: the next person at this browser brings their own. */
export function forgetAccessKeys(): void {
  restoring = undefined;
  for (const name of tabCopyNames(TAB_COPY_NAMES.accessKeyPrefix)) writeTabCopy(name, null);
  if (!keys.size) return;
  keys.clear();
  changed();
}

/* ---------- kept for the tab's life (decision 075) ---------- */

const copyName = (keyId: string) => `${TAB_COPY_NAMES.accessKeyPrefix}${keyId.toLowerCase()}`;
const copyOf = (keyId: string) =>
  tabCopy({ name: copyName(keyId), context: `access-key:${keyId.toLowerCase()}`, getTabKey });

/**
 * Wraps every key in memory that this tab does not keep yet, with the portal session's key. Only
 * for a signed-in beneficiary (before the code, there is no session key: the key stays in memory).
 */
export async function keepAccessKeysForTab(): Promise<void> {
  for (const [keyId, accessKey] of [...keys]) {
    if (readTabCopy(copyName(keyId)) !== null) continue;
    await copyOf(keyId).store(await importRawDataKey(accessKey, true));
  }
}

/**
 * The keys this tab kept, back in memory after a reload (once per page; no request when there
 * are none). A copy that does not open with this session's key (a session ended since) is dropped.
 */
export function restoreAccessKeys(): Promise<void> {
  restoring ??= (async () => {
    const prefix = TAB_COPY_NAMES.accessKeyPrefix;
    for (const name of tabCopyNames(prefix)) {
      const keyId = name.slice(prefix.length);
      const key = keys.has(keyId) ? undefined : await copyOf(keyId).open(true);
      if (!key) continue;
      keys.set(keyId, new Uint8Array(await crypto.subtle.exportKey("raw", key)));
      changed();
    }
  })().catch(() => {
    // the session's key could not be had: the item asks for the access key as before
  });
  return restoring;
}

/** Told each time the keys in memory change (the signed-in portal keeps new ones for the tab). */
export const subscribeAccessKeys = (listener: () => void) => {
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
  useSyncExternalStore(subscribeAccessKeys, () => version);
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

/** A number that changes each time the access keys in memory change (re-renders with them). */
export const useAccessKeysVersion = (): number =>
  useSyncExternalStore(subscribeAccessKeys, () => version);
