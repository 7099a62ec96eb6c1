import { accessSync, constants } from "node:fs";
import { z } from "zod";
import { parseTrustProxy, TrustProxyError } from "./trust-proxy-setting.js";

/** A whole number from `min` to `max`, with one message for every way it can be wrong. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z
    .url({ message: "must be an origin such as https://vault.example.com" })
    .transform((u) => new URL(u).origin)
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  /** A PEM file of the CA (or the self-signed certificate) that the SMTP server's certificate must chain to, besides the system's. */
  SMTP_CA_FILE: z
    .string()
    .refine(
      isReadableFile,
      "must be a readable PEM file (the CA or self-signed certificate of the SMTP server)",
    )
    .optional(),
  MAIL_FROM: z.string().min(3).default("Legacy Vault <no-reply@legacyvault.local>"),
  VAULT_MASTER_KEY: z
    .string()
    .refine(
      (s) => Buffer.from(s, "base64").length === 32,
      "must be 32 random bytes in base64 (openssl rand -base64 32)",
    )
    .optional(),
  /** The server's Ed25519 signing key for release evidence certificates: its 32-byte private seed in base64 (decision 079). */
  RELEASE_EVIDENCE_KEY: z
    .string()
    .refine(
      (s) => /^[A-Za-z0-9+/]{43}=$/.test(s) && Buffer.from(s, "base64").length === 32,
      "must be an Ed25519 private key: 32 random bytes in base64 (openssl rand -base64 32)",
    )
    .optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** `json` (one object a line) or `text`; default `json` in production, `text` otherwise (docs/decisions/026). */
  LOG_FORMAT: z.enum(["text", "json"], { message: "must be text or json" }).optional(),
  /** Tests only: the release clock can be moved forward at POST /dev/clock (never in production). */
  TEST_CLOCK: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("0"),
  /** Behind a reverse proxy: which peers may name the client (docs/decisions/024). Off when unset. */
  TRUST_PROXY: z
    .string()
    .transform((text, ctx) => {
      try {
        return parseTrustProxy(text);
      } catch (err) {
        if (!(err instanceof TrustProxyError)) throw err;
        ctx.addIssue({ code: "custom", message: err.message });
        return z.NEVER;
      }
    })
    .optional(),
  /** GET /metrics (Prometheus) on this port of 127.0.0.1 only, never on PORT; off when unset (docs/decisions/029). */
  METRICS_PORT: wholeNumber(1, 65535, "must be a port number (1-65535)").optional(),
  /** Password sign-ins in progress at once in this process, the others waiting their turn (decision 062); default: the machine's cores. */
  SIGN_IN_CONCURRENCY: wholeNumber(1, 1000, "must be a whole number from 1 to 1000").optional(),
  TRUST_PROXY_HEADER: z
    .enum(["x-forwarded-for", "forwarded"], { message: "must be x-forwarded-for or forwarded" })
    .default("x-forwarded-for"),
  /** Where files' ciphertext is kept: `postgres` (the database, the default) or `s3` (docs/decisions/090). */
  FILE_STORE: z.enum(["postgres", "s3"], { message: "must be postgres or s3" }).default("postgres"),
  /** FILE_STORE=s3: the bucket, private, that holds files' ciphertext. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 of a-z 0-9 . -)")
    .optional(),
  /** FILE_STORE=s3: the region of the bucket (any name, such as us-east-1, for MinIO). */
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, "must be a region such as eu-west-1")
    .optional(),
  /** FILE_STORE=s3: an S3-compatible endpoint (MinIO, ...); unset for AWS S3 itself. */
  S3_ENDPOINT: z
    .url({ message: "must be a URL such as http://127.0.0.1:9000" })
    .refine((u) => /^https?:/.test(u), "must start with http:// or https://")
    .optional(),
  /** FILE_STORE=s3: `1` addresses the bucket in the path (MinIO); default 1 with S3_ENDPOINT, 0 without. */
  S3_FORCE_PATH_STYLE: z.enum(["0", "1"], { message: "must be 0 or 1" }).optional(),
  /** FILE_STORE=s3: the access key; unset to use the AWS SDK's own chain (AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export type Env = z.infer<typeof envSchema> & { APP_URL: string; LOG_FORMAT: "text" | "json" };

/** Settings that are each well formed but do not go together. */
function conflicts(raw: Record<string, string>): string[] {
  const isSamePort =
    raw.METRICS_PORT !== undefined && Number(raw.METRICS_PORT) === Number(raw.PORT ?? 3000);
  return [
    ...(isSamePort
      ? ["METRICS_PORT: must differ from PORT (metrics are never served on the public port)"]
      : []),
    ...fileStoreProblems(raw),
  ];
}

/** FILE_STORE=s3 needs its bucket and region, and a key id goes with its secret. */
function fileStoreProblems(raw: Record<string, string>): string[] {
  const problems: string[] = [];
  if (raw.FILE_STORE === "s3") {
    if (!raw.S3_BUCKET)
      problems.push("S3_BUCKET: is required when FILE_STORE=s3 (the private bucket for files)");
    if (!raw.S3_REGION)
      problems.push("S3_REGION: is required when FILE_STORE=s3 (such as eu-west-1)");
  }
  if (!raw.S3_ACCESS_KEY_ID !== !raw.S3_SECRET_ACCESS_KEY)
    problems.push(
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither: the AWS SDK's own chain)",
    );
  return problems;
}

/**
 * What NODE_ENV=production requires beyond well-formed values (docs/decisions/026), read from the
 * raw settings so that they are listed together with any malformed one.
 */
function productionProblems(raw: Record<string, string>): string[] {
  if (raw.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (!raw.SMTP_URL)
    problems.push(
      "SMTP_URL: is required when NODE_ENV=production (smtp:// or smtps://): e-mail must really be delivered, there is no dev mailbox",
    );
  if (!raw.VAULT_MASTER_KEY)
    problems.push(
      "VAULT_MASTER_KEY: is required when NODE_ENV=production (openssl rand -base64 32)",
    );
  if (!raw.RELEASE_EVIDENCE_KEY)
    problems.push(
      "RELEASE_EVIDENCE_KEY: is required when NODE_ENV=production (openssl rand -base64 32): it signs release evidence, and its public half must stay the same",
    );
  if (!raw.APP_URL?.toLowerCase().startsWith("https://"))
    problems.push(
      "APP_URL: must be an https:// origin when NODE_ENV=production, such as https://vault.example.com",
    );
  if (raw.TEST_CLOCK === "1")
    problems.push(
      "TEST_CLOCK: must not be 1 when NODE_ENV=production (TEST_CLOCK=1 is for tests only)",
    );
  return problems;
}

/** Reads and validates settings; throws one readable error listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  const problems = [
    ...(result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)),
    ...conflicts(cleaned),
    ...productionProblems(cleaned),
  ];
  if (!result.success || problems.length) {
    const lines = problems.map((p) => `  - ${p}`);
    throw new EnvError(
      `Invalid settings in the environment:\n${lines.join("\n")}\nSee .env.example for every setting.`,
    );
  }
  const env = result.data;
  return {
    ...env,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    LOG_FORMAT: env.LOG_FORMAT ?? (env.NODE_ENV === "production" ? "json" : "text"),
  };
}

function isReadableFile(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

export class EnvError extends Error {}
