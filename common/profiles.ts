import { z } from "zod";
import { NAME_MIN_LENGTH } from "./auth.js";
import type { Role } from "./app.js";

export const PROFILE_MSG = {
  profileSaved: "Profile updated successfully",
  profileSaveFailed: "Failed to update profile",
} as const;

/**
 * The profile's sections, each at its own address (decision 074); e-mails that point into the
 * profile use these, with the anchor of the card they mean.
 */
export const PROFILE_PATHS = {
  account: "/profile/account",
  security: "/profile/security",
  keys: "/profile/keys",
  data: "/profile/data",
  firm: "/profile/firm",
} as const;
export type ProfileSection = keyof typeof PROFILE_PATHS;

export const profileUpdateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(NAME_MIN_LENGTH, "Full name must be at least 2 characters")
      .max(200),
    phone: z.string().trim().max(50).nullable(),
    address: z.string().trim().max(1000).nullable(),
  })
  .strict();
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** The app's view of the signed-in user (GET /api/me), shared by the server's presenter and the web app. */
export type Me = {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  address: string | null;
  role: Role;
  firmId: string | null;
  firmName: string | null;
  isAdmin: boolean;
  isStaff: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  /**
   * A firm_admin made at /firm-register whose keys are their own and have no recovery kit yet:
   * the kit and the firm code are still to be shown (decision 073, FinishFirmRegistration). False
   * for everyone else. Sent here so that the signed-in frame reads no key for it.
   */
  isFirmRegistrationPending: boolean;
};
