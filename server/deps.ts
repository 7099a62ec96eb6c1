import type { Auth } from "./auth-options.js";
import type { Database } from "./db/client.js";
import type { Env } from "./env.js";
import type { DataKeyWrapper } from "./crypto/data-key.js";
import type { Sealer } from "./crypto/sealer.js";
import type { ShareSealers } from "./crypto/share-sealers.js";
import type { LiveHub } from "./db/live-hub.js";
import type { Logger } from "./logger.js";
import type { Mail } from "./mail/templates.js";
import type { Metrics } from "./metrics/metrics.js";
import type { Clock } from "./clock.js";
import type { EvidenceSigner } from "./crypto/evidence-key.js";
import type { FileStore } from "./blobs/open-store.js";

/** What the business code can reach (databases, mail, keys, clock). Built once in server/services.ts. */
export type Deps = {
  env: Env;
  database: Database;
  db: Database["db"];
  auth: Auth;
  log: Logger;
  sendMail: (mail: Mail) => Promise<void>;
  /** Tells the mailer that messages were queued inside a transaction (enqueueMail with a tx) and have committed. */
  wakeMailer: () => void;
  /** The time for release plans and timers; tests move it forward (server/clock.ts). */
  clock: Clock;
  /** True when mail goes to the dev mailbox (no SMTP_URL). */
  isDevMailbox: boolean;
  /** Wraps users' vault data keys under the master key, which it never exposes. */
  dataKeys: DataKeyWrapper;
  /** Release attestation documents, sealed at rest under a key derived from the master key. */
  documentSealer: Sealer;
  /** Beneficiary keys' server shares and escrowed access keys, sealed under master-derived keys (decision 032). */
  shareSealers: ShareSealers;
  /** The Ed25519 key that signs release evidence certificates (decision 079). */
  evidenceSigner: EvidenceSigner;
  /** HMAC-SHA-256 under a master-derived key, for short secrets kept only as hashes (the portal's e-mailed codes). */
  hmac: (value: string) => string;
  /** The sign-in salt for an address without an account: HMAC-SHA-256 under the auth secret, 16 bytes (decision 038). */
  signInSalt: (email: string) => Buffer;
  /** This app's Prometheus registry and counters (server/metrics/metrics.ts, docs/decisions/029). */
  metrics: Metrics;
  /** This process's LISTEN on the live channel, fanned out to its open event streams (server/live/). */
  live: LiveHub;
  /** Where files' ciphertext goes: the database, or an S3-compatible bucket (docs/decisions/090). */
  files: FileStore;
};
