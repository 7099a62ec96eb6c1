import { AUTH_MSG } from "../../common/auth.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { verifyPassword } from "./password.js";
import { selectPasswordHash } from "./queries.js";

/**
 * 400 with today's message unless `password` is the account's current one: the password as is, or
 * the sign-in secret derived from it once the account has owner-held keys (decision 038). Asked
 * before every change of the account's keys, sign-in protection, address or existence.
 */
export async function requireCurrentPassword(deps: Deps, userId: string, password: string) {
  const hash = await asSystem(deps.db, (tx) => selectPasswordHash(tx, userId)); // the hash: never under lv_app
  if (!hash || !(await verifyPassword({ hash, password })))
    throw new AppError("VALIDATION", AUTH_MSG.currentPasswordWrong, {
      currentPassword: AUTH_MSG.currentPasswordWrong,
    });
}
