import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.js";

function messageOf(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message;
  }
  throw new Error("expected parseEnv to refuse");
}

/** Every setting production requires, present and valid. */
const production = {
  NODE_ENV: "production",
  SMTP_URL: "smtp://127.0.0.1:2525",
  VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
  RELEASE_EVIDENCE_KEY: randomBytes(32).toString("base64"),
  APP_URL: "https://vault.example.com",
};

describe("parseEnv", () => {
  it("has working defaults for development", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      APP_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      LOG_LEVEL: "info",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("treats empty values as unset, and derives APP_URL from PORT", () => {
    const env = parseEnv({ PORT: "8080", APP_URL: "", SMTP_URL: "" });
    expect(env).toMatchObject({ PORT: 8080, APP_URL: "http://localhost:8080" });
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("reduces APP_URL to its origin", () => {
    expect(parseEnv({ APP_URL: "https://vault.example.com/some/path/" }).APP_URL).toBe(
      "https://vault.example.com",
    );
  });

  it("names a bad PORT and says what is expected", () => {
    for (const port of ["abc", "0", "70000", "80.5"]) {
      const message = messageOf({ PORT: port });
      expect(message, port).toMatch(/^Invalid settings in the environment:/);
      expect(message, port).toMatch(/ {2}- PORT: /);
      expect(message, port).toContain(".env.example");
    }
  });

  it("names a bad DATABASE_URL without echoing it", () => {
    const message = messageOf({ DATABASE_URL: "mysql://root:hunter2@db/vault" });
    expect(message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    expect(message).not.toContain("hunter2");
  });

  it("lists every bad setting at once", () => {
    const message = messageOf({
      PORT: "x",
      DATABASE_URL: "nope",
      SMTP_URL: "http://mail",
      LOG_LEVEL: "loud",
      APP_URL: "not a url",
    });
    for (const name of ["PORT", "DATABASE_URL", "SMTP_URL", "LOG_LEVEL", "APP_URL"])
      expect(message).toContain(`- ${name}: `);
  });

  it("refuses production without VAULT_MASTER_KEY, and a key that is not 32 bytes", () => {
    expect(messageOf({ ...production, VAULT_MASTER_KEY: undefined })).toContain(
      "- VAULT_MASTER_KEY: is required when NODE_ENV=production (openssl rand -base64 32)",
    );
    expect(
      messageOf({ ...production, VAULT_MASTER_KEY: randomBytes(16).toString("base64") }),
    ).toContain("VAULT_MASTER_KEY: must be 32 random bytes in base64");
    const key = randomBytes(32).toString("base64");
    expect(parseEnv({ ...production, VAULT_MASTER_KEY: key }).VAULT_MASTER_KEY).toBe(key);
  });

  it("refuses production without RELEASE_EVIDENCE_KEY, and a key that is not 32 bytes of base64", () => {
    expect(messageOf({ ...production, RELEASE_EVIDENCE_KEY: undefined })).toContain(
      "- RELEASE_EVIDENCE_KEY: is required when NODE_ENV=production (openssl rand -base64 32)",
    );
    for (const bad of [
      randomBytes(16).toString("base64"),
      "not base64 at all, not at all, no!!!!!!!=",
    ])
      expect(messageOf({ RELEASE_EVIDENCE_KEY: bad }), bad).toContain(
        "- RELEASE_EVIDENCE_KEY: must be an Ed25519 private key: 32 random bytes in base64",
      );
    const key = randomBytes(32).toString("base64");
    expect(parseEnv({ ...production, RELEASE_EVIDENCE_KEY: key }).RELEASE_EVIDENCE_KEY).toBe(key);
  });

  it("refuses production with one message listing every missing requirement", () => {
    const message = messageOf({ NODE_ENV: "production" });
    expect(message).toBe(
      [
        "Invalid settings in the environment:",
        "  - SMTP_URL: is required when NODE_ENV=production (smtp:// or smtps://): e-mail must really be delivered, there is no dev mailbox",
        "  - VAULT_MASTER_KEY: is required when NODE_ENV=production (openssl rand -base64 32)",
        "  - RELEASE_EVIDENCE_KEY: is required when NODE_ENV=production (openssl rand -base64 32): it signs release evidence, and its public half must stay the same",
        "  - APP_URL: must be an https:// origin when NODE_ENV=production, such as https://vault.example.com",
        "See .env.example for every setting.",
      ].join("\n"),
    );
    for (const appUrl of ["http://vault.example.com", "http://localhost:3000"]) {
      const only = messageOf({ ...production, APP_URL: appUrl });
      expect(only, appUrl).toContain(
        "- APP_URL: must be an https:// origin when NODE_ENV=production",
      );
      expect(only, appUrl).not.toContain("SMTP_URL");
      expect(only, appUrl).not.toContain("VAULT_MASTER_KEY");
    }
    expect(messageOf({ ...production, SMTP_URL: undefined })).toContain(
      "- SMTP_URL: is required when NODE_ENV=production",
    );
    // A malformed setting and a missing requirement are listed together.
    const both = messageOf({
      NODE_ENV: "production",
      PORT: "x",
      APP_URL: "https://vault.example.com",
    });
    for (const name of ["PORT", "SMTP_URL", "VAULT_MASTER_KEY"])
      expect(both).toContain(`- ${name}: `);
    expect(both).not.toContain("- APP_URL: ");
  });

  it("accepts production with SMTP_URL, VAULT_MASTER_KEY and an https:// APP_URL, and logs JSON there by default", () => {
    const env = parseEnv(production);
    expect(env).toMatchObject({
      NODE_ENV: "production",
      APP_URL: "https://vault.example.com",
      SMTP_URL: "smtp://127.0.0.1:2525",
      LOG_FORMAT: "json",
    });
    expect(parseEnv({ ...production, LOG_FORMAT: "text" }).LOG_FORMAT).toBe("text");
    expect(parseEnv({}).LOG_FORMAT).toBe("text");
    expect(parseEnv({ LOG_FORMAT: "json" }).LOG_FORMAT).toBe("json");
    expect(messageOf({ LOG_FORMAT: "yaml" })).toContain("- LOG_FORMAT: must be text or json");
  });

  it("reads SIGN_IN_CONCURRENCY (unset: the sign-in queue's default, one more than the cores) and refuses anything but 1-1000", () => {
    expect(parseEnv({}).SIGN_IN_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ SIGN_IN_CONCURRENCY: "4" }).SIGN_IN_CONCURRENCY).toBe(4);
    for (const bad of ["0", "2.5", "many", "1001"])
      expect(messageOf({ SIGN_IN_CONCURRENCY: bad })).toContain(
        "- SIGN_IN_CONCURRENCY: must be a whole number from 1 to 1000",
      );
  });

  it("reads TRUST_PROXY (off by default) and refuses a malformed one by name", () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({}).TRUST_PROXY_HEADER).toBe("x-forwarded-for");
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 2 });
    expect(parseEnv({ TRUST_PROXY: "127.0.0.1,10.0.0.0/8,::1" }).TRUST_PROXY?.kind).toBe(
      "addresses",
    );
    expect(messageOf({ TRUST_PROXY: "true" })).toContain(
      '- TRUST_PROXY: "true" is not an IP address or CIDR range; expected a hop count such as 1, or addresses and CIDR ranges such as 127.0.0.1,10.0.0.0/8,::1',
    );
    expect(messageOf({ TRUST_PROXY: "10.0.0.0/40" })).toContain(
      '- TRUST_PROXY: "10.0.0.0/40" is not an IP address or CIDR range',
    );
    expect(messageOf({ TRUST_PROXY_HEADER: "x-real-ip" })).toContain(
      "- TRUST_PROXY_HEADER: must be x-forwarded-for or forwarded",
    );
  });
});
