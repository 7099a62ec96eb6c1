import { z } from "zod";
import { ciphertextBase64, wrappedKeySchema } from "./ciphertext.js";
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
  detailsInClear:
    "Phone, relationship and notes are sealed in your browser: sign in again to send them sealed",
} as const;

/**
 * A beneficiary's phone, relationship and notes, sealed in the owner's browser (decision 038, item 7):
 * a key of its own wrapped with the data key (the beneficiary id bound as additional data), and the
 * fields as JSON encrypted with it. The server needs none of them.
 */
export const SEALED_DETAILS_MAX_BYTES = 12 * 1024;
export const sealedDetailsSchema = z.strictObject({
  wrappedKey: wrappedKeySchema,
  data: ciphertextBase64(SEALED_DETAILS_MAX_BYTES, "The sealed details are too large"),
});
export type SealedDetails = z.infer<typeof sealedDetailsSchema>;
/** What the sealed details hold once opened. */
export type BeneficiaryDetails = {
  phone: string | null;
  relationship: string | null;
  notes: string | null;
};
/** The additional data a beneficiary's details key is wrapped with. */
export const detailsKeyContext = (beneficiaryId: string) => `beneficiary-details:${beneficiaryId}`;

/**
 * Roles a person may hold besides beneficiary (decision 091), each as its own yes/no: one person
 * may hold both. The executor receives, after a release, every estate inventory entry; the legal
 * contact the documents the owner marks for them. What a role gives is wrapped for the person's
 * beneficiary key in the owner's browser, like an item left to them.
 */
export const PERSON_ROLES = ["executor", "legal_contact"] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];
export const ROLE_TEXT: Record<PersonRole, { label: string; hint: string; badge: string }> = {
  executor: {
    label: "Executor",
    hint: "After a release, sees your estate inventory (accounts, policies, property and the rest) to settle your affairs. Not the items you left privately to others.",
    badge: "Executor",
  },
  legal_contact: {
    label: "Legal contact",
    hint: "Your lawyer or someone at your firm: after a release, receives the documents you mark “For my legal contact”.",
    badge: "Legal contact",
  },
};
const roleFlags = {
  isExecutor: z.boolean().optional(),
  isLegalContact: z.boolean().optional(),
};

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
export type BeneficiaryFields = z.infer<typeof beneficiarySchema>;

/**
 * What the API takes. An owner whose keys are their own (decision 038) sends phone, relationship
 * and notes sealed (`details`) and no clear copy; the clear fields remain for accounts that have
 * not moved over yet (and for the spec's own shape). A new beneficiary's id may come from the
 * browser, which binds it into the sealed details (as assets do).
 */
const sealedOrClear = <
  T extends {
    phone?: unknown;
    relationship?: unknown;
    notes?: unknown;
    details?: SealedDetails | null;
  },
>(
  v: T,
) => !v.details || (v.phone == null && v.relationship == null && v.notes == null);
const SEALED_AND_CLEAR = "Send phone, relationship and notes either sealed or in clear, not both";

export const createBeneficiarySchema = beneficiarySchema
  .extend({ id: z.uuid().optional(), details: sealedDetailsSchema.nullish(), ...roleFlags })
  .refine(sealedOrClear, { message: SEALED_AND_CLEAR, path: ["details"] });
export type BeneficiaryInput = z.infer<typeof createBeneficiarySchema>;

/** An edit: any of the fields, each checked as on creation. */
export const beneficiaryUpdateSchema = beneficiarySchema
  .partial()
  .extend({ details: sealedDetailsSchema.nullish(), ...roleFlags })
  .refine(sealedOrClear, { message: SEALED_AND_CLEAR, path: ["details"] });
export type BeneficiaryUpdateInput = z.infer<typeof beneficiaryUpdateSchema>;

/** A beneficiary as the server presents it. */
export type BeneficiaryView = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  relationship: string | null;
  notes: string | null;
  /** Phone, relationship and notes sealed in the owner's browser; null when none (or in clear). */
  details: SealedDetails | null;
  /** Roles besides beneficiary (decision 091). */
  isExecutor: boolean;
  isLegalContact: boolean;
  createdAt: string;
};
