import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { COMMON_PASSWORDS_FILE } from "../paths.js";
import { hash, verify } from "@node-rs/argon2";

/** OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1. */
/** `algorithm: 2` is Argon2id (a const enum in @node-rs/argon2, not importable under isolatedModules). */
export const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let common: Set<string> | undefined;

/** True for the ~38,000 most common passwords of 8+ characters (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    const lines = gunzipSync(readFileSync(COMMON_PASSWORDS_FILE)).toString("utf8").split("\n");
    common = new Set(lines.filter((l) => l && !l.startsWith("#")));
  }
  return common.has(password.toLowerCase());
}
