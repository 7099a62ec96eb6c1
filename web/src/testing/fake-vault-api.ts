import type {
  ChangePasswordKeysInput,
  DataKeyView,
  KdfView,
  MoveOverKeysInput,
} from "@common/keys";
import {
  derivePasswordKeys,
  importRawDataKey,
  newKdf,
  wrapDataKey,
} from "@/lib/crypto/password-keys";
import { toBase64 } from "@/lib/crypto/vault-crypto";
import { json } from "./fake-keys-api";

/**
 * For unit tests only: an in-memory stand-in for the owner-held key routes of decision 038
 * (/api/kdf, /api/vault/key, …/session-key, …/move-over, …/password) for one account, for
 * `vi.stubGlobal("fetch", …)`. The server's own tests cover the real routes; this one keeps what
 * it was sent, and checks the password as the server would (as an opaque string).
 */
export type FakeVaultServer = {
  email: string;
  /** What sign-in compares with: the password as is (not moved over) or the sign-in secret. */
  password: string;
  kdf: KdfView | null;
  passwordWrappedKey: string | null;
  recoveryWrappedKey: string | null;
  /** The escrowed raw DK (base64) of an account not moved over yet. */
  escrowedKey: string | null;
  sessionKey: string;
  /** Every request body, by path. */
  bodies: { method: string; url: string; body: unknown }[];
  /** Answers the next move-over with a 500. */
  failMoveOver: boolean;
};

const KDF_FOR_TESTS = 600_000;
const raw = (n: number) => toBase64(crypto.getRandomValues(new Uint8Array(n)));

/** An account made before keys: the password as is, an escrowed DK. */
export const newLegacyAccount = (email: string, password: string, dataKeyRaw: Uint8Array) =>
  ({
    email,
    password,
    kdf: null,
    passwordWrappedKey: null,
    recoveryWrappedKey: null,
    escrowedKey: toBase64(dataKeyRaw),
    sessionKey: raw(32),
    bodies: [],
    failMoveOver: false,
  }) satisfies FakeVaultServer;

/** An account that has moved over: DK wrapped with the password key, the sign-in secret as its password. */
export async function newMovedOverAccount(
  email: string,
  password: string,
  dataKeyRaw: Uint8Array,
): Promise<FakeVaultServer> {
  const kdf = newKdf(KDF_FOR_TESTS);
  const keys = await derivePasswordKeys(password, kdf);
  const dk = await importRawDataKey(dataKeyRaw, true);
  return {
    ...newLegacyAccount(email, keys.signInSecret, dataKeyRaw),
    kdf: { salt: toBase64(kdf.salt), iterations: kdf.iterations },
    passwordWrappedKey: toBase64(await wrapDataKey(dk, keys.passwordKey, "password")),
    recoveryWrappedKey: null,
    escrowedKey: null,
  };
}

const refused = () =>
  json(400, {
    error: { code: "BAD_REQUEST", message: "Invalid password", authCode: "INVALID_PASSWORD" },
  });

/** The fetch the server answers; `server` is read at each call. */
export function fakeVaultFetch(server: () => FakeVaultServer) {
  return (url: string, init: RequestInit = {}): Promise<Response> => {
    const s = server();
    const method = init.method ?? "GET";
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    s.bodies.push({ method, url, body });
    const answer = (): Response => {
      if (method === "POST" && url === "/api/kdf") {
        const { email } = body as { email: string };
        // Another address gets a made-up salt, never null (decision 038).
        if (email !== s.email)
          return json(200, { kdf: { salt: raw(16), iterations: KDF_FOR_TESTS } });
        return json(200, { kdf: s.kdf });
      }
      if (method === "POST" && url === "/api/auth/sign-in/email") {
        const input = body as { email: string; password: string };
        if (input.email !== s.email || input.password !== s.password)
          return json(401, {
            error: { code: "UNAUTHORIZED", message: "Invalid email or password" },
          });
        return json(200, {});
      }
      if (method === "GET" && url === "/api/vault/key") {
        const view: DataKeyView = {
          dataKey: s.escrowedKey,
          passwordWrappedKey: s.passwordWrappedKey,
          kdf: s.kdf,
          hasRecoveryKey: !!s.recoveryWrappedKey,
        };
        return json(200, view);
      }
      if (method === "GET" && url === "/api/vault/session-key")
        return json(200, { sessionKey: s.sessionKey });
      if (method === "POST" && url === "/api/vault/key/move-over") {
        const input = body as MoveOverKeysInput;
        if (s.failMoveOver) return json(500, { error: { code: "INTERNAL", message: "down" } });
        if (s.kdf || input.currentPassword !== s.password) return refused();
        s.password = input.newPassword;
        s.kdf = input.keys.kdf;
        s.passwordWrappedKey = input.keys.passwordWrappedKey;
        s.recoveryWrappedKey = input.keys.recoveryWrappedKey;
        s.escrowedKey = null;
        return json(200, {});
      }
      if (method === "POST" && url === "/api/vault/key/password") {
        const input = body as ChangePasswordKeysInput;
        if (!s.kdf || input.currentPassword !== s.password) return refused();
        s.password = input.newPassword;
        s.kdf = input.kdf;
        s.passwordWrappedKey = input.passwordWrappedKey;
        return json(200, {});
      }
      return json(404, { error: { code: "NOT_FOUND", message: url } });
    };
    return Promise.resolve(answer());
  };
}

/** sessionStorage for Node. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}
