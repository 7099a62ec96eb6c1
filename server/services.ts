import { createHmac } from "node:crypto";
import { createLiveHub } from "./db/live-hub.js";
import { readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { KDF_SALT_BYTES } from "../common/keys.js";
import { createAuth } from "./auth/auth.js";
import { assertRowLevelSecurity } from "./db/app-role.js";
import { openPglite, openPostgres, type Database } from "./db/client.js";
import type { Env } from "./env.js";
import type { Deps } from "./deps.js";
import type { BlobStore } from "./blobs/blob-store.js";
import { openFileStore } from "./blobs/open-store.js";
import { createDataKeyWrapper } from "./crypto/data-key.js";
import { createShareSealers } from "./crypto/share-sealers.js";
import { deriveKey, loadMasterKey } from "./crypto/master-key.js";
import { createSealer } from "./crypto/sealer.js";
import { loadEvidenceSigner } from "./crypto/evidence-key.js";
import { runOutsideRequest, type Logger } from "./logger.js";
import { createMailer, enqueueMail, type Mailer } from "./mail/outbox.js";
import type { Mail } from "./mail/templates.js";
import { createMetrics } from "./metrics/metrics.js";
import { createProfileForNewUser } from "./profiles/service.js";
import { checkInOnSignIn } from "./release/check-in.js";
import { stopReportOnSignIn } from "./verifier-reports/service.js";
import { endIncapacityOnSignIn } from "./incapacity/service.js";
import { claimFirmOfConfirmedAdmin } from "./firms/first-admin.js";
import { systemClock, type Clock } from "./clock.js";

export type Services = { deps: Deps; mailer: Mailer | null; close(): Promise<void> };

/** Opens the database (migrating it), the mail transport and better-auth. */
export async function createServices(
  env: Env,
  log: Logger,
  options: { database?: Database; clock?: Clock; blobs?: BlobStore } = {},
): Promise<Services> {
  const masterKey = loadMasterKey(env, log);
  const evidenceSigner = loadEvidenceSigner(env, log);
  const files = await openFileStore(env, { blobs: options.blobs });
  if (files.blobs)
    log.info(
      `files' ciphertext: ${files.isS3 ? "written to" : "read from"} ${files.blobs.describe}`,
    );
  const database =
    options.database ??
    (env.DATABASE_URL
      ? openPostgres(env.DATABASE_URL)
      : await openPglite(path.join(env.DATA_DIR, "pglite")));
  await database.migrate();
  await assertRowLevelSecurity(database.db);
  const { db } = database;
  const clock = options.clock ?? systemClock;
  const metrics = createMetrics({
    database,
    clock,
    log,
    withProcessMetrics: env.METRICS_PORT !== undefined,
  });

  // nodemailer waits up to 2 minutes to connect and 10 minutes on a silent socket by default.
  // SMTP_CA_FILE: a private CA (or self-signed certificate) trusted besides the system's; verification stays on.
  const tls = env.SMTP_CA_FILE ? { tls: { ca: [readFileSync(env.SMTP_CA_FILE, "utf8")] } } : {};
  const transport = env.SMTP_URL
    ? nodemailer.createTransport({
        url: env.SMTP_URL,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
        ...tls,
      })
    : null;
  const mailer = transport
    ? createMailer(db, {
        transport,
        from: env.MAIL_FROM,
        log,
        onAttempt: (result) => metrics.recordMailAttempt(result),
      })
    : null;
  // the drain delivers everyone's mail: its log lines are not the waking request's (runOutsideRequest)
  const wakeMailer = () => runOutsideRequest(() => mailer?.wake());
  const sendMail = async (mail: Mail) => {
    await enqueueMail(db, mail);
    wakeMailer();
  };

  const dataKeys = createDataKeyWrapper(masterKey);
  // Bound once deps exist: a sign-in checks the user in (their release plan's inactivity trigger starts again).
  let onSignIn = async (_userId: string) => {};
  let onAddressConfirmed = async (_userId: string) => {};
  const authSecret = deriveKey(masterKey, "auth-secret").toString("base64");
  const auth = createAuth({
    db,
    appUrl: env.APP_URL,
    secret: authSecret,
    sendMail,
    log,
    onUserCreated: (user) => createProfileForNewUser(db, user),
    onSignIn: (userId) => onSignIn(userId),
    onAddressConfirmed: (userId) => onAddressConfirmed(userId),
  });
  // The salt POST /api/kdf answers for an address without an account (docs/decisions/038).
  const signInSalt = (email: string) =>
    createHmac("sha256", authSecret)
      .update(`kdf-salt:${email}`)
      .digest()
      .subarray(0, KDF_SALT_BYTES);
  const documentSealer = createSealer(deriveKey(masterKey, "release-documents"));
  const shareSealers = createShareSealers(masterKey);
  const hmacKey = deriveKey(masterKey, "short-secret-hmac");
  const hmac = (value: string) => createHmac("sha256", hmacKey).update(value).digest("hex");
  const deps: Deps = {
    env,
    database,
    db,
    auth,
    log,
    sendMail,
    wakeMailer,
    clock,
    isDevMailbox: !transport,
    dataKeys,
    documentSealer,
    shareSealers,
    evidenceSigner,
    hmac,
    signInSalt,
    metrics,
    live: await createLiveHub(database, log),
    files,
  };
  onSignIn = async (userId) => {
    await checkInOnSignIn(deps, userId);
    await stopReportOnSignIn(deps, userId);
    await endIncapacityOnSignIn(deps, userId);
  };
  onAddressConfirmed = (userId) => claimFirmOfConfirmedAdmin(deps, userId);
  return {
    deps,
    mailer,
    async close() {
      await mailer?.stop();
      await deps.live.close();
      await database.close();
    },
  };
}
