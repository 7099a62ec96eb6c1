import type { passkey } from "@better-auth/passkey";
import type { Auth as BetterAuth, BetterAuthOptions } from "better-auth";
import type { twoFactor } from "better-auth/plugins";

type CopiedField = { type: "string"; required: false; input: false };

/**
 * The shape of Legacy Vault's better-auth options, as far as it decides the instance's type: the
 * user's copy of role and firm, the session's lastSeenAt, the two-factor and passkey plugins.
 * server/auth/auth.ts builds the instance against it; `Deps` holds it typed by it, so the kernel
 * names better-auth's type without importing the sign-in code above it.
 */
export type AuthOptions = Omit<BetterAuthOptions, "user" | "session" | "plugins"> & {
  user: Omit<NonNullable<BetterAuthOptions["user"]>, "additionalFields"> & {
    additionalFields: { role: CopiedField; firmId: CopiedField };
  };
  session: Omit<NonNullable<BetterAuthOptions["session"]>, "additionalFields"> & {
    additionalFields: { lastSeenAt: { type: "date"; required: false; input: false } };
  };
  plugins: [ReturnType<typeof twoFactor>, ReturnType<typeof passkey>];
};

/** The better-auth instance (`deps.auth`). */
export type Auth = BetterAuth<AuthOptions>;
