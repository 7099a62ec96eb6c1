import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.js";
import type { Env } from "../../server/env.js";
import { createDataKeyWrapper } from "../../server/crypto/data-key.js";

/**
 * The master key the app will start with on this DATA_DIR (server/crypto/master-key.ts), without
 * generating one: VAULT_MASTER_KEY, else DATA_DIR/master.key (development), else none.
 */
export function masterKeyInUse(env: Env): { key: Buffer; source: string } | null {
  if (env.VAULT_MASTER_KEY)
    return { key: Buffer.from(env.VAULT_MASTER_KEY, "base64"), source: "VAULT_MASTER_KEY" };
  const file = path.join(env.DATA_DIR, "master.key");
  if (existsSync(file))
    return { key: Buffer.from(readFileSync(file, "utf8").trim(), "base64"), source: file };
  return null;
}

/** Why the restored vaults would not open with the master key in use, or null when they would (or there are none yet). */
export async function masterKeyProblem(db: Db, env: Env): Promise<string | null> {
  const result = await db.execute(
    sql`select user_id, encode(wrapped_key, 'base64') as wrapped_key from user_keys limit 20`,
  );
  const rows = (result as unknown as { rows: { user_id: string; wrapped_key: string }[] }).rows; // PGlite and node-postgres alike
  if (rows.length === 0) return null;
  const inUse = masterKeyInUse(env);
  if (!inUse)
    return (
      `No VAULT_MASTER_KEY is set (nor ${path.join(env.DATA_DIR, "master.key")}): the app would generate a new master key, ` +
      `and no one could open their vault. Start it with the VAULT_MASTER_KEY that was in use when the backup was taken ` +
      `(in development: copy master.key from the old DATA_DIR).`
    );
  const wrapper = createDataKeyWrapper(inUse.key);
  const opened = rows.filter((row) => {
    try {
      wrapper.unwrap(row.user_id, Buffer.from(row.wrapped_key, "base64"));
      return true;
    } catch {
      return false;
    }
  }).length;
  if (opened === rows.length) return null;
  return (
    `The master key in ${inUse.source} does not open ${rows.length - opened} of ${rows.length} users' data keys checked: ` +
    `this backup was taken under another master key. Start the app with the VAULT_MASTER_KEY that was in use then. ` +
    `With this one nothing sealed under the old key can be read: every vault answers an error, beneficiaries cannot open ` +
    `released items, sessions from before are signed out and authenticator-app codes no longer verify.`
  );
}
