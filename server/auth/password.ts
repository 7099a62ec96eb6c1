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

type Argon2Cost = { memoryCost: number; timeCost: number };
let cost: Argon2Cost = ARGON2_OPTIONS;

/**
 * The HTTP-level tests hash at a lower cost (test/password-cost.ts): over a thousand hashes a run,
 * 38 ms each at full cost. Production never calls this; password.test.ts checks that a server
 * process hashes at the full cost. Returns the cost it replaced.
 */
export function setPasswordCostForTests(next: Argon2Cost): Argon2Cost {
  const previous = cost;
  cost = next;
  return previous;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { ...ARGON2_OPTIONS, ...cost });
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
