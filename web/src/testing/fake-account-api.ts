import { registerSchema } from "@common/auth-schemas";
import { FIRM_CODE_MSG } from "@common/firm-codes";
import { claimFirmSchema } from "@common/firms";
import {
  accountKeysSchema,
  recoveryKeySchema,
  resetPasswordKeysSchema,
  type DataKeyView,
  type KdfView,
  type ResetKeysView,
} from "@common/keys";
import { COMMON_PASSWORDS_URL } from "@/lib/common-passwords";
import type { NewAccountKeys } from "@/lib/keys/account-keys";
import { derivePasswordKeys, unwrapDataKey } from "@/lib/crypto/password-keys";
import { fromBase64 } from "@/lib/crypto/vault-crypto";
import { readRepositoryFile } from "./repository-file";
import { json } from "./fake-keys-api";

/**
 * For unit tests only: an in-memory stand-in for the routes of decision 038 that the registration,
 * reset and recovery-kit screens call (the server's own tests cover the real ones), for
 * `vi.stubGlobal("fetch", …)`. Bodies are checked with the contract's own schemas (common/), so a
 * body the real server would refuse fails here too. It also serves the common-password list.
 */
export type FakeAccount = {
  email: string;
  /** What the server would hash: the sign-in secret (or, before moving over, the password). */
  password: string;
  kdf: KdfView | null;
  passwordWrappedKey: string | null;
  recoveryWrappedKey: string | null;
  /** The escrowed raw DK (base64) of an account that has not moved over. */
  escrowedDataKey: string | null;
  resetToken: string | null;
  /** Set by a reset: whether the browser said it kept the data key. */
  keptDataKey?: boolean;
};

export type FakeAccountServer = {
  accounts: FakeAccount[];
  /** The firm codes the server knows (none by default): another code is refused on its field. */
  firmCodes?: string[];
  /** The account whose session the browser has (GET and PUT /api/vault/key…). */
  signedIn?: string;
  /** Every request body sent, as text: a test can check that the password is in none. */
  bodies: string[];
};

export const newFakeAccountServer = (): FakeAccountServer => ({ accounts: [], bodies: [] });

/** An account as registration makes it (moved over, with a recovery kit) from prepareNewPassword's keys. */
export const registeredAccount = (
  email: string,
  made: Pick<NewAccountKeys, "signInSecret" | "keys">,
  resetToken: string | null = null,
): FakeAccount => ({
  email,
  password: made.signInSecret,
  kdf: made.keys.kdf,
  passwordWrappedKey: made.keys.passwordWrappedKey,
  recoveryWrappedKey: made.keys.recoveryWrappedKey ?? null,
  escrowedDataKey: null,
  resetToken,
});

const LIST = readRepositoryFile("server/auth/common-passwords.txt.gz");

const refuse = (status: number, code: string, message = code, fields?: Record<string, string>) =>
  Promise.resolve(json(status, { error: { code, message, ...(fields ? { fields } : {}) } }));

const withKeys = (schema: typeof registerSchema) =>
  schema.extend({ keys: accountKeysSchema.optional() });

export function fakeAccountFetch(server: () => FakeAccountServer) {
  return (url: string, init: RequestInit = {}): Promise<Response> => {
    const s = server();
    const method = init.method ?? "GET";
    if (init.body) s.bodies.push(String(init.body));
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const find = (pred: (a: FakeAccount) => boolean) => s.accounts.find(pred);

    if (method === "GET" && url === COMMON_PASSWORDS_URL)
      return Promise.resolve(new Response(LIST, { status: 200 }));

    if (method === "POST" && (url === "/api/register" || url === "/api/firms/claim")) {
      // a firm's first admin sends no recovery wrap (decision 073): claimFirmSchema says so
      const schema = url === "/api/register" ? withKeys(registerSchema) : claimFirmSchema;
      const parsed = schema.safeParse(body);
      if (!parsed.success) return refuse(400, "VALIDATION", parsed.error.message);
      const { email, password, keys } = parsed.data;
      const firmCode = "firmCode" in parsed.data ? parsed.data.firmCode : undefined;
      if (firmCode && !s.firmCodes?.includes(firmCode))
        return refuse(400, "VALIDATION", FIRM_CODE_MSG.invalidFirmCode, {
          firmCode: FIRM_CODE_MSG.invalidFirmCode,
        });
      if (find((a) => a.email === email)) return refuse(409, "CONFLICT");
      s.accounts.push({
        email,
        password,
        kdf: keys?.kdf ?? null,
        passwordWrappedKey: keys?.passwordWrappedKey ?? null,
        recoveryWrappedKey: keys?.recoveryWrappedKey ?? null,
        escrowedDataKey: null,
        resetToken: null,
      });
      return Promise.resolve(json(200, { ok: true }));
    }

    const reset = /^\/api\/vault\/reset\?token=(.*)$/.exec(url);
    if (method === "GET" && reset) {
      const account = find((a) => a.resetToken === decodeURIComponent(reset[1] ?? ""));
      if (!account) return refuse(400, "INVALID_TOKEN");
      const view: ResetKeysView = {
        recoveryWrappedKey: account.recoveryWrappedKey,
        dataKey: account.escrowedDataKey,
      };
      return Promise.resolve(json(200, view));
    }
    if (method === "POST" && url === "/api/vault/reset") {
      const parsed = resetPasswordKeysSchema.safeParse(body);
      if (!parsed.success) return refuse(400, "VALIDATION", parsed.error.message);
      const account = find((a) => a.resetToken === parsed.data.token);
      if (!account) return refuse(400, "INVALID_TOKEN");
      Object.assign(account, {
        password: parsed.data.newPassword,
        kdf: parsed.data.keys.kdf,
        passwordWrappedKey: parsed.data.keys.passwordWrappedKey,
        recoveryWrappedKey: parsed.data.keys.recoveryWrappedKey,
        escrowedDataKey: null,
        resetToken: null,
        keptDataKey: parsed.data.keepsDataKey,
      });
      return Promise.resolve(json(200, { ok: true }));
    }

    const me = find((a) => a.email === s.signedIn);
    if (url.startsWith("/api/vault/key") && !me) return refuse(401, "UNAUTHORIZED");
    if (method === "GET" && url === "/api/vault/key" && me) {
      const view: DataKeyView = {
        dataKey: me.escrowedDataKey,
        passwordWrappedKey: me.passwordWrappedKey,
        kdf: me.kdf,
        hasRecoveryKey: me.recoveryWrappedKey !== null,
      };
      return Promise.resolve(json(200, view));
    }
    if (method === "PUT" && url === "/api/vault/key/recovery" && me) {
      const parsed = recoveryKeySchema.safeParse(body);
      if (!parsed.success) return refuse(400, "VALIDATION", parsed.error.message);
      if (!me.kdf) return refuse(409, "CONFLICT"); // not moved over
      me.recoveryWrappedKey = parsed.data.recoveryWrappedKey;
      return Promise.resolve(json(200, { ok: true }));
    }
    return refuse(404, "NOT_FOUND", url);
  };
}

/**
 * Signing in as the browser will (decision 038): derive with the account's salt and cost, and the
 * server's check (the secret it stored); the data key the password opens. Throws when it does not.
 */
export async function signInToFake(account: FakeAccount, password: string): Promise<CryptoKey> {
  if (!account.kdf || !account.passwordWrappedKey) throw new Error("not moved over");
  const { signInSecret, passwordKey } = await derivePasswordKeys(password, {
    salt: fromBase64(account.kdf.salt),
    iterations: account.kdf.iterations,
  });
  if (signInSecret !== account.password) throw new Error("Invalid email or password");
  return unwrapDataKey(fromBase64(account.passwordWrappedKey), passwordKey, "password");
}
