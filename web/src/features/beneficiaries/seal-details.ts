import {
  detailsKeyContext,
  type BeneficiaryDetails,
  type BeneficiaryView,
  type SealedDetails,
} from "@common/beneficiaries";
import { openJson, sealJson } from "@/lib/crypto/vault-crypto";

/**
 * A beneficiary's phone, relationship and notes under the owner's data key (decision 038, item 7):
 * a key of their own, wrapped with the data key and the beneficiary id as additional data (so the
 * server cannot move one beneficiary's details onto another), the fields encrypted with it.
 */

const isEmpty = (d: BeneficiaryDetails) => !d.phone && !d.relationship && !d.notes;

/** The sealed details, or null when there is nothing to seal (no key needed then). */
export async function sealDetails(
  getDataKey: () => Promise<CryptoKey>,
  beneficiaryId: string,
  details: BeneficiaryDetails,
): Promise<SealedDetails | null> {
  if (isEmpty(details)) return null;
  return sealJson(await getDataKey(), detailsKeyContext(beneficiaryId), {
    phone: details.phone,
    relationship: details.relationship,
    notes: details.notes,
  } satisfies BeneficiaryDetails);
}

/** What sealDetails sealed; DecryptError when it was changed or belongs to another beneficiary. */
export async function openDetails(
  dataKey: CryptoKey,
  beneficiaryId: string,
  sealed: SealedDetails,
): Promise<BeneficiaryDetails> {
  const d = await openJson<Partial<BeneficiaryDetails>>(
    dataKey,
    detailsKeyContext(beneficiaryId),
    sealed,
  );
  return { phone: d.phone ?? null, relationship: d.relationship ?? null, notes: d.notes ?? null };
}

/** A beneficiary as the screens show it: the details opened (or unreadable while the vault is locked). */
export type OpenedBeneficiary = Omit<BeneficiaryView, "details"> & {
  /** True when sealed details exist but were not opened (the vault is locked in this tab). */
  hasSealedDetails: boolean;
  /** True when the details are stored in clear (saved before the owner's keys were their own). */
  hasClearDetails: boolean;
};

/** Opens a beneficiary's details with the data key; `dataKey` null leaves sealed ones unread. */
export async function openBeneficiary(
  view: BeneficiaryView,
  dataKey: CryptoKey | null,
): Promise<OpenedBeneficiary> {
  const { details, ...rest } = view;
  if (!details) return { ...rest, hasSealedDetails: false, hasClearDetails: !isEmpty(view) };
  if (!dataKey) return { ...rest, hasSealedDetails: true, hasClearDetails: false };
  const opened = await openDetails(dataKey, view.id, details);
  return { ...rest, ...opened, hasSealedDetails: false, hasClearDetails: false };
}
