import type { Me } from "../../common/profiles.js";
import type { getProfile } from "./service.js";

type ProfileRow = Awaited<ReturnType<typeof getProfile>>;
type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled?: boolean | null;
};

export type MeResponse = Me;

/** The app's view of the signed-in user (spec 01 §3: auth data overridden by the profile). */
export function presentMe(sessionUser: SessionUser, row: ProfileRow): MeResponse {
  const { profile, firmName } = row;
  return {
    id: sessionUser.id,
    email: sessionUser.email,
    name: profile.name,
    phone: profile.phone,
    address: profile.address,
    role: profile.role,
    firmId: profile.firmId,
    firmName: firmName ?? null,
    isAdmin: profile.role === "firm_admin",
    isStaff: profile.role === "firm_staff",
    twoFactorEnabled: Boolean(sessionUser.twoFactorEnabled),
    createdAt: profile.createdAt.toISOString(),
  };
}
