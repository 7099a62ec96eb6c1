/** Beneficiary texts (spec 02 §5, §8); the beneficiaries domain takes them into its own contract. */
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
