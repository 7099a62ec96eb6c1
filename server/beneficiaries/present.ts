import type { BeneficiaryView } from "../../common/beneficiaries.js";
import type { BeneficiaryRow } from "./queries.js";

export const presentBeneficiary = (b: BeneficiaryRow): BeneficiaryView => ({
  id: b.id,
  name: b.name,
  email: b.email,
  phone: b.phone,
  relationship: b.relationship,
  notes: b.notes,
  details:
    b.detailsKey && b.details
      ? { wrappedKey: b.detailsKey.toString("base64"), data: b.details.toString("base64") }
      : null,
  isExecutor: b.isExecutor,
  isLegalContact: b.isLegalContact,
  createdAt: b.createdAt.toISOString(),
});
