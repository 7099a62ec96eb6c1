import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prepareNewPassword } from "@/lib/keys/account-keys";
import {
  fakeAccountFetch,
  newFakeAccountServer,
  signInToFake,
  type FakeAccountServer,
} from "@/testing/fake-account-api";
import { register } from "./api/register";

/**
 * What /register sends (decision 038), against an in-memory POST /api/register that checks the
 * body with the contract's schemas: the derived sign-in secret and the keys, never the password;
 * the account it makes opens its data key with the password and nothing else.
 */
const PASSWORD = "Tangerine-Harbour-42";
let server: FakeAccountServer;

beforeEach(() => {
  server = newFakeAccountServer();
  vi.stubGlobal("fetch", vi.fn(fakeAccountFetch(() => server)));
});
afterEach(() => vi.unstubAllGlobals());

describe("registration with keys", () => {
  it("sends the sign-in secret and keys the server accepts; the password opens the new vault", async () => {
    const made = await prepareNewPassword({ password: PASSWORD });
    await register({
      name: "Ada",
      email: "ada@example.com",
      password: made.signInSecret,
      keys: made.keys,
      firmCode: undefined,
    });
    const [account] = server.accounts;
    expect(account?.kdf).toEqual(made.keys.kdf);
    expect(account?.password).toBe(made.signInSecret);
    await expect(signInToFake(account!, PASSWORD)).resolves.toBeTruthy();
    expect(server.bodies.join("\n")).not.toContain(PASSWORD);
    expect(server.bodies.join("\n")).not.toContain(made.recoveryKey);
  });
});
