import { z } from "zod";
import { ROLES, type Role } from "./constants.js";
import { emailSchema } from "./auth-schemas.js";

/** Staff and client invitations (spec 02 §5): e-mail lower-cased, note trimmed and omitted when empty. */
export const sendInvitationSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Please enter an email address")
    .pipe(z.email("Please enter a valid email address"))
    .transform((s) => s.toLowerCase()),
  role: z.enum(ROLES, { message: "Please enter an email address and select a role" }),
  note: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .transform((s) => (s ? s : undefined)),
});

export const checkInvitationSchema = z.object({ email: emailSchema, code: z.string().min(10).max(200) });

/** GET /api/invitations/check: valid for the invited e-mail only; a revoked link says so (it was the firm's choice). */
export type InvitationCheckResult = { valid: true; firmName: string; role: Role } | { valid: false; reason?: "revoked" };

/** One row of the admins' list of pending invitations (GET /api/invitations): not accepted, not revoked, not expired. */
export type PendingInvitation = { id: string; email: string; role: Role; sentAt: string; expiresAt: string };
