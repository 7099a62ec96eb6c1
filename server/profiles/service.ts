import type { ProfileUpdateInput } from "../../common/profiles.js";
import { AppError } from "../errors.js";
import { withActor } from "../db/actor.js";
import type { Db, Tx } from "../db/client.js";
import { isRecoveryKitDue } from "../keys/owner-keys-service.js";
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

async function readProfile(tx: Tx, userId: string) {
  const row = await selectProfileWithFirm(tx, userId);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

export const getProfile = (db: Db, userId: string) =>
  withActor(db, { userId }, (tx) => readProfile(tx, userId));

/**
 * The signed-in user's own view (GET /api/me), in one transaction under their own actor (so only
 * ever about the caller): the profile and, for a firm_admin only (nobody else's frame asks, so
 * nobody else pays for the read), whether their firm registration is still to be finished: the
 * first recovery kit and the firm code that come after the confirmation link (decision 073).
 */
export const getMe = (db: Db, userId: string) =>
  withActor(db, { userId }, async (tx) => {
    const row = await readProfile(tx, userId);
    const isFirmRegistrationPending =
      row.profile.role === "firm_admin" && (await isRecoveryKitDue(tx, userId));
    return { ...row, isFirmRegistrationPending };
  });

/**
 * Name, phone and address only: role and firm change through their own operations
 * (and lv_app has no UPDATE grant on those columns). The profile is the source of the
 * display name; better-auth's copy is only used at sign-up.
 */
export async function updateProfile(db: Db, userId: string, input: ProfileUpdateInput) {
  const changed = await withActor(db, { userId }, (tx) => updateOwnProfile(tx, userId, input));
  if (changed !== 1) throw new AppError("NOT_FOUND");
  return getMe(db, userId);
}
