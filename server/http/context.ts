import type { Deps } from "../deps.js";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled?: boolean | null;
  /** The profile's role and firm, as the user row's copy holds them (migration 0016); null before the profile exists. */
  role?: string | null;
  firmId?: string | null;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    /** This request's id: its X-Request-Id, in its error answer and its log lines (server/http/request-id.ts). */
    requestId: string;
    ip: string;
    user: SessionUser | null;
    sessionId: string | null;
  };
};
