import { BENEFICIARY_MSG } from "@common/beneficiaries";
import { z } from "zod";
import type { BeneficiaryInput } from "./api/create-beneficiary";

/** Spec 02 §5: a name and a valid e-mail; phone, relationship and notes optional (empty = none). Limits as on the server. */
export const beneficiaryFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, BENEFICIARY_MSG.nameRequired)
    .max(200, "Name must be at most 200 characters"),
  email: z
    .string()
    .trim()
    .pipe(z.email(BENEFICIARY_MSG.emailInvalid).max(254, BENEFICIARY_MSG.emailInvalid)),
  phone: z.string().trim().max(50, "Phone must be at most 50 characters"),
  relationship: z.string().trim().max(100, "Relationship must be at most 100 characters"),
  notes: z.string().trim().max(2000, "Notes must be at most 2000 characters"),
  /** Roles besides beneficiary (decision 091). */
  isExecutor: z.boolean(),
  isLegalContact: z.boolean(),
});
export type BeneficiaryForm = z.infer<typeof beneficiaryFormSchema>;
export const BENEFICIARY_FIELDS = ["name", "email", "phone", "relationship", "notes"] as const;

/** The form's values as the API takes them: the e-mail lower-cased, empty optional fields as null. */
export const toBeneficiaryInput = (v: BeneficiaryForm): BeneficiaryInput => ({
  name: v.name,
  email: v.email.toLowerCase(),
  phone: v.phone || null,
  relationship: v.relationship || null,
  notes: v.notes || null,
  isExecutor: v.isExecutor,
  isLegalContact: v.isLegalContact,
});
