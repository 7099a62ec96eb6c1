import { z } from "zod";
import { optionalText } from "./optional-text.js";
import { BENEFICIARY_MSG } from "./vault-messages.js";

/** Spec 02 §5: name required, a valid e-mail (lower-cased); phone, relationship and notes optional. */
export const beneficiarySchema = z.object({
  name: z.string(BENEFICIARY_MSG.nameRequired).trim().min(1, BENEFICIARY_MSG.nameRequired).max(200),
  email: z.string(BENEFICIARY_MSG.emailInvalid).trim().toLowerCase().pipe(z.email(BENEFICIARY_MSG.emailInvalid).max(254, BENEFICIARY_MSG.emailInvalid)),
  phone: optionalText(50),
  relationship: optionalText(100),
  notes: optionalText(2000),
});
export type BeneficiaryInput = z.infer<typeof beneficiarySchema>;

/** An edit: any of the fields, each checked as on creation. */
export const beneficiaryUpdateSchema = beneficiarySchema.partial();
export type BeneficiaryUpdateInput = z.infer<typeof beneficiaryUpdateSchema>;
