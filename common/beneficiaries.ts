import { z } from "zod";
import { optionalText } from "./optional-text.js";

/** The people an owner names to receive assets (spec 02 §3, §5): input schemas, response type and texts. */
export const BENEFICIARY_MSG = {
  nameRequired: "Name is required",
  emailInvalid: "Valid email is required",
  added: "Beneficiary added successfully",
  addFailed: "Failed to add beneficiary",
  saveFailed: "Failed to save beneficiary",
  updated: "Beneficiary updated successfully",
  deleted: "Beneficiary deleted successfully",
  deleteFailed: "Failed to delete beneficiary",
  loadFailed: "Failed to load beneficiaries",
  notificationFailed: "Beneficiary added but notification email could not be sent",
  notFoundTitle: "Beneficiary Not Found",
} as const;

/** Spec 02 §5: name required, a valid e-mail (lower-cased); phone, relationship and notes optional. */
export const beneficiarySchema = z.object({
  name: z.string(BENEFICIARY_MSG.nameRequired).trim().min(1, BENEFICIARY_MSG.nameRequired).max(200),
  email: z
    .string(BENEFICIARY_MSG.emailInvalid)
    .trim()
    .toLowerCase()
    .pipe(z.email(BENEFICIARY_MSG.emailInvalid).max(254, BENEFICIARY_MSG.emailInvalid)),
  phone: optionalText(50),
  relationship: optionalText(100),
  notes: optionalText(2000),
});
export type BeneficiaryInput = z.infer<typeof beneficiarySchema>;

/** An edit: any of the fields, each checked as on creation. */
export const beneficiaryUpdateSchema = beneficiarySchema.partial();
export type BeneficiaryUpdateInput = z.infer<typeof beneficiaryUpdateSchema>;

/** A beneficiary as the server presents it. */
export type BeneficiaryView = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  relationship: string | null;
  notes: string | null;
  createdAt: string;
};
