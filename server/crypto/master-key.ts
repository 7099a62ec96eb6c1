import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { hkdfSync, randomBytes } from "node:crypto";
import path from "node:path";
import type { Env } from "../env.js";
import type { Logger } from "../logger.js";

/**
 * The vault master key: VAULT_MASTER_KEY, or (development only) a key generated once into
 * DATA_DIR/master.key. It wraps every user's data key and never goes into the database.
 */
export function loadMasterKey(env: Env, log: Logger): Buffer {
  if (env.VAULT_MASTER_KEY) return Buffer.from(env.VAULT_MASTER_KEY, "base64");
  const file = path.join(env.DATA_DIR, "master.key");
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  mkdirSync(env.DATA_DIR, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString("base64") + "\n", { mode: 0o600 });
  log.warn(
    `VAULT_MASTER_KEY is not set: generated a development key in ${file}. Set VAULT_MASTER_KEY in production and keep it out of the database backups.`,
  );
  return key;
}

/** A purpose-bound key derived from the master key with HKDF-SHA-256. */
export function deriveKey(masterKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), `legacy-vault:${purpose}`, 32));
}
