/**
 * The 'add-new' return path (spec 02 Beneficiaries): /beneficiaries/new?returnTo=/vault/new
 * goes back to the asset screen after saving, with the new e-mail in the navigation state so
 * the picker there selects it. Only same-site paths are followed (no //host, no scheme).
 */
export const RETURN_TO_PARAM = "returnTo";

export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return null;
  return value;
}

export const newBeneficiaryPath = (returnTo: string) =>
  `/beneficiaries/new?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo }).toString()}`;

/** The state a return path is opened with: the e-mail of the beneficiary just added. */
export type AddedBeneficiaryState = { addedBeneficiaryEmail: string };

export function addedBeneficiaryEmail(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("addedBeneficiaryEmail" in state))
    return null;
  const email = (state as { addedBeneficiaryEmail: unknown }).addedBeneficiaryEmail;
  return typeof email === "string" ? email : null;
}
