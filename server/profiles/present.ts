import type { Me } from "../../common/profiles.js";
import type { getMe } from "./service.js";

type MeRow = Awaited<ReturnType<typeof getMe>>;
type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  twoFactorEnabled?: boolean | null;
};

export type MeResponse = Me;

/** The app's view of the signed-in user (spec 01 §3: auth data overridden by the profile). */
export function presentMe(sessionUser: SessionUser, row: MeRow): MeResponse {
  const { profile, firmName, isFirmRegistrationPending } = row;
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
    isFirmRegistrationPending,
  };
}
