import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { firms, firmUsers, profiles } from "../db/schema/index.js";
import type { Role } from "../../common/app.js";

/** The statements of a person joining or leaving a firm (firms/membership.ts). All run as the system: lv_app cannot write profiles.firm_id. */

const isFreshRegularUser = (userId: string) =>
  and(eq(profiles.id, userId), eq(profiles.role, "regular_user"), isNull(profiles.firmId));

/** A regular_user without a firm gets `firmId`; false when the profile is not such a user. */
export const setFirmOfFreshUser = async (tx: Tx, userId: string, firmId: string) =>
  (
    await tx
      .update(profiles)
      .set({ firmId })
      .where(isFreshRegularUser(userId))
      .returning({ id: profiles.id })
  ).length > 0;

/** A regular_user without a firm becomes the firm's admin; false when the profile is not such a user. */
export const promoteFreshUser = async (
  tx: Tx,
  member: { userId: string; firmId: string; phone: string | null },
) =>
  (
    await tx
      .update(profiles)
      // an existing account keeps its phone when the registration gave none
      .set({
        role: "firm_admin",
        firmId: member.firmId,
        ...(member.phone ? { phone: member.phone } : {}),
      })
      .where(isFreshRegularUser(member.userId))
      .returning({ id: profiles.id })
  ).length > 0;

/** Locks the profile while it is a regular_user without a firm; false when it is not. */
export const lockFreshUser = async (tx: Tx, userId: string) =>
  (
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(isFreshRegularUser(userId))
      .for("update")
  ).length > 0;

export const setRoleAndFirm = (
  tx: Tx,
  userId: string,
  membership: { role: Role; firmId: string | null },
) => tx.update(profiles).set(membership).where(eq(profiles.id, userId));

export const addFirmUser = (tx: Tx, userId: string, firmId: string) =>
  tx.insert(firmUsers).values({ userId, firmId }).onConflictDoNothing();

export const deleteFirmUser = (tx: Tx, userId: string, firmId: string) =>
  tx.delete(firmUsers).where(and(eq(firmUsers.userId, userId), eq(firmUsers.firmId, firmId)));

/** The firm has its first admin: claimed, and its claim secret and pending admin are gone. */
export const markFirmClaimed = (tx: Tx, firmId: string) =>
  tx
    .update(firms)
    .set({
      claimedAt: new Date(),
      claimSecretHash: null,
      pendingAdminId: null,
      updatedAt: new Date(),
    })
    .where(eq(firms.id, firmId));

/** A new account will be the firm's first admin once it confirms its address (decision 073). */
export const setPendingAdmin = (tx: Tx, firmId: string, userId: string) =>
  tx.update(firms).set({ pendingAdminId: userId }).where(eq(firms.id, firmId));

/** The phone given for a new admin account, kept on its profile until it becomes the admin. */
export const setPhoneOfFreshUser = (tx: Tx, userId: string, phone: string) =>
  tx.update(profiles).set({ phone }).where(isFreshRegularUser(userId));

/** Locks a client's profile (a regular_user) and reads the firm they are in; undefined for anyone else. */
export const lockClient = (tx: Tx, userId: string) =>
  tx
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      firmId: profiles.firmId,
    })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.role, "regular_user")))
    .for("update")
    .then((r) => r[0]);

/** The firm's administrators, to tell them what happened to the firm. */
export const selectFirmAdmins = (tx: Tx, firmId: string) =>
  tx
    .select({ name: profiles.name, email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.firmId, firmId), eq(profiles.role, "firm_admin")));
