import type { Auth } from "../auth/auth.js";
import type { Database } from "../db/client.js";
import type { Env } from "../env.js";
import type { DataKeyWrapper } from "../keys/data-key.js";
import type { Logger } from "../logger.js";
import type { Mail } from "../mail/templates.js";

/** What every request handler can reach. Built once in server/services.ts. */
export type Deps = {
  env: Env;
  database: Database;
  db: Database["db"];
  auth: Auth;
  log: Logger;
  sendMail: (mail: Mail) => Promise<void>;
  /** True when mail goes to the dev mailbox (no SMTP_URL). */
  isDevMailbox: boolean;
  /** Wraps users' vault data keys under the master key, which it never exposes. */
  dataKeys: DataKeyWrapper;
};

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled?: boolean | null;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
    ip: string;
    user: SessionUser | null;
    sessionId: string | null;
  };
};
