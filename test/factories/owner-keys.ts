/**
 * The owner's browser for owner-held data keys (docs/decisions/038): the web app's own
 * web/src/lib/crypto/password-keys.ts, run in Node's WebCrypto. Loaded by path at run time: the
 * server's TypeScript project does not type-check web code (DOM types, extensionless imports), so
 * the few functions used here are typed below.
 */
import { randomBytes, type webcrypto } from "node:crypto";
import path from "node:path";
import { KDF_ITERATIONS, type AccountKeysInput, type DataKeyView } from "../../common/keys.js";
import { TestClient, linkFromMail, uniqueEmail, type TestContext } from "../harness.js";

type CryptoKey = webcrypto.CryptoKey;
type Kdf = { salt: Uint8Array; iterations: number };
type WrapContext = "password" | "recovery" | "session";
type PasswordKeysModule = {
  derivePasswordKeys(
    password: string,
    kdf: Kdf,
  ): Promise<{ signInSecret: string; passwordKey: CryptoKey }>;
  newDataKey(): Promise<CryptoKey>;
  importRawDataKey(raw: Uint8Array, extractable: boolean): Promise<CryptoKey>;
  wrapDataKey(
    dataKey: CryptoKey,
    wrappingKey: CryptoKey,
    context: WrapContext,
  ): Promise<Uint8Array>;
  unwrapDataKey(
    wrapped: Uint8Array,
    wrappingKey: CryptoKey,
    context: WrapContext,
    extractable?: boolean,
  ): Promise<CryptoKey>;
  importWrappingKey(raw: Uint8Array): Promise<CryptoKey>;
  newRecoveryKey(): string;
  parseRecoveryKey(text: string): Uint8Array | null;
  recoveryWrappingKey(recoveryKey: Uint8Array): Promise<CryptoKey>;
};

const MODULE = path.join(import.meta.dirname, "../../web/src/lib/crypto/password-keys.ts");
export const browser = (await import(MODULE)) as PasswordKeysModule;

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/**
 * One salt for the whole test process, so that a password is derived once (PBKDF2 at
 * KDF_ITERATIONS, the schema's minimum, takes about half a second) however many accounts use it.
 * Real browsers make a salt per account; the server stores whatever salt it is sent.
 */
export const TEST_KDF: Kdf = { salt: randomBytes(16), iterations: KDF_ITERATIONS };
const derived = new Map<string, ReturnType<PasswordKeysModule["derivePasswordKeys"]>>();

/** The sign-in secret and password key of `password` under `kdf` (cached). */
export function deriveKeys(password: string, kdf: Kdf = TEST_KDF) {
  const id = `${b64(kdf.salt)}:${kdf.iterations}:${password}`;
  let keys = derived.get(id);
  if (!keys) {
    keys = browser.derivePasswordKeys(password, kdf);
    derived.set(id, keys);
  }
  return keys;
}

/**
 * What a browser makes for an account's DK (a new one unless `dataKey`, extractable, is given):
 * the request's `keys`, the sign-in secret, and the secrets it keeps.
 */
export async function makeAccountKeys(
  password: string,
  options: { dataKey?: CryptoKey; kdf?: Kdf } = {},
) {
  const kdf = options.kdf ?? TEST_KDF;
  const { signInSecret, passwordKey } = await deriveKeys(password, kdf);
  const dataKey = options.dataKey ?? (await browser.newDataKey());
  const recoveryKey = browser.newRecoveryKey();
  const recoveryBytes = browser.parseRecoveryKey(recoveryKey);
  if (!recoveryBytes) throw new Error("recovery key did not parse");
  const keys: AccountKeysInput = {
    kdf: { salt: b64(kdf.salt), iterations: kdf.iterations },
    passwordWrappedKey: b64(await browser.wrapDataKey(dataKey, passwordKey, "password")),
    recoveryWrappedKey: b64(
      await browser.wrapDataKey(
        dataKey,
        await browser.recoveryWrappingKey(recoveryBytes),
        "recovery",
      ),
    ),
  };
  return { keys, signInSecret, passwordKey, dataKey, recoveryKey };
}

/**
 * Registers (with keys, as the web app does), confirms and signs in an owner whose data key the
 * server never had. Returns the signed-in client and the browser's secrets.
 */
export async function buildOwnerWithKeys(
  ctx: TestContext,
  overrides: { email?: string; password?: string; name?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail("owner");
  const password = overrides.password ?? "Orchard-Lantern-Seven-31";
  const made = await makeAccountKeys(password);
  const client = new TestClient(ctx);
  const reg = await client.post("/api/register", {
    name: overrides.name ?? "Owner With Keys",
    email,
    password: made.signInSecret,
    keys: made.keys,
  });
  if (reg.status !== 200) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const link = await linkFromMail(ctx, email, "/auth/callback");
  const verify = await client.get(`/api/auth/verify-email?token=${link.searchParams.get("code")}`);
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status}`);
  const me = await client.json<{ user: { id: string } }>("GET", "/api/me");
  return { client, email, password, id: me.body.user.id, ...made };
}

/**
 * The signed-in owner's DK as their browser gets it: the escrowed copy while there is one, else
 * unwrapped with the key derived from `password`.
 */
export async function ownerDataKey(client: TestClient, password: string): Promise<CryptoKey> {
  const res = await client.json<DataKeyView>("GET", "/api/vault/key");
  if (res.status !== 200) throw new Error(`GET /api/vault/key -> ${res.status}`);
  const view = res.body;
  if (view.dataKey) return browser.importRawDataKey(Buffer.from(view.dataKey, "base64"), false);
  if (!view.kdf || !view.passwordWrappedKey) throw new Error("no key to open");
  const { passwordKey } = await deriveKeys(password, {
    salt: Buffer.from(view.kdf.salt, "base64"),
    iterations: view.kdf.iterations,
  });
  return browser.unwrapDataKey(
    Buffer.from(view.passwordWrappedKey, "base64"),
    passwordKey,
    "password",
  );
}

/** Signs in with the password as the web app does: the salt first, then the derived secret (or the password as is). */
export async function signInAsBrowser(ctx: TestContext, email: string, password: string) {
  const client = new TestClient(ctx);
  const kdf = await client.json<{ kdf: { salt: string; iterations: number } | null }>(
    "POST",
    "/api/kdf",
    { email },
  );
  const secret = kdf.body.kdf
    ? (
        await deriveKeys(password, {
          salt: Buffer.from(kdf.body.kdf.salt, "base64"),
          iterations: kdf.body.kdf.iterations,
        })
      ).signInSecret
    : password;
  const res = await client.post("/api/auth/sign-in/email", { email, password: secret });
  return { client, status: res.status };
}
