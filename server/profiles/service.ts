import type { ProfileUpdateInput } from "../../common/profiles.js";
import { AppError } from "../errors.js";
import { withActor } from "../db/actor.js";
import type { Db } from "../db/client.js";
import { insertProfile, selectProfileWithFirm, updateOwnProfile } from "./queries.js";

/** Every new account gets a regular_user profile with no firm, written under its own actor. */
export async function createProfileForNewUser(
  db: Db,
  u: { id: string; name: string; email: string },
): Promise<void> {
  await withActor(db, { userId: u.id }, (tx) =>
    insertProfile(tx, { id: u.id, name: u.name, email: u.email }),
  );
}

export async function getProfile(db: Db, userId: string) {
  const row = await withActor(db, { userId }, (tx) => selectProfileWithFirm(tx, userId));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/**
 * Name, phone and address only: role and firm change through their own operations
 * (and lv_app has no UPDATE grant on those columns). The profile is the source of the
 * display name; better-auth's copy is only used at sign-up.
 */
export async function updateProfile(db: Db, userId: string, input: ProfileUpdateInput) {
  const changed = await withActor(db, { userId }, (tx) => updateOwnProfile(tx, userId, input));
  if (changed !== 1) throw new AppError("NOT_FOUND");
  return getProfile(db, userId);
}
