import {
  importWrappingKey,
  unwrapDataKey,
  wrapDataKey,
  type DataKeyWrapContext,
} from "@/lib/crypto/password-keys";
import { DecryptError, fromBase64, toBase64 } from "@/lib/crypto/vault-crypto";
import { readTabCopy, writeTabCopy } from "./tab-storage";

/**
 * A key kept for the tab's life (decisions 038 and 075): wrapped (AES-GCM, `context` as additional
 * data) with a 32-byte key that the server keeps for this session only and hands only to it, in
 * this tab's sessionStorage. The server never sees the copy, and the copy alone opens nothing: a
 * reload opens it again with the same session's key, a new tab or another browser has none, and the
 * session's end (sign-out, expiry) takes the server's key with it. The owner's data key and the
 * access keys a beneficiary brought are kept this one way.
 */
export type TabCopy = {
  /** Wraps `key` (extractable) into this tab's copy; any failure drops the copy (it costs a question at the next reload). */
  store: (key: CryptoKey) => Promise<void>;
  /** The key from this tab's copy, or undefined; a copy that does not open with this session's key (another session's) is dropped. */
  open: (extractable: boolean) => Promise<CryptoKey | undefined>;
};

export function tabCopy({
  name,
  context,
  getTabKey,
}: {
  /** Its sessionStorage name (TAB_COPY_NAMES). */
  name: string;
  context: DataKeyWrapContext;
  /** The session's key, base64, from the server. */
  getTabKey: () => Promise<string>;
}): TabCopy {
  async function wrappingKey(): Promise<CryptoKey> {
    const raw = fromBase64(await getTabKey());
    try {
      return await importWrappingKey(raw);
    } finally {
      raw.fill(0);
    }
  }
  return {
    async store(key) {
      try {
        writeTabCopy(name, toBase64(await wrapDataKey(key, await wrappingKey(), context)));
      } catch {
        writeTabCopy(name, null);
      }
    },
    async open(extractable) {
      const copy = readTabCopy(name);
      if (!copy) return undefined;
      try {
        return await unwrapDataKey(fromBase64(copy), await wrappingKey(), context, extractable);
      } catch (err) {
        if (err instanceof DecryptError) writeTabCopy(name, null); // another session's copy
        return undefined;
      }
    },
  };
}
