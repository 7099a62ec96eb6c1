import type { BeneficiaryRow } from "./queries.js";

export const presentBeneficiary = (b: BeneficiaryRow) => ({
  id: b.id,
  name: b.name,
  email: b.email,
  phone: b.phone,
  relationship: b.relationship,
  notes: b.notes,
  createdAt: b.createdAt.toISOString(),
});
