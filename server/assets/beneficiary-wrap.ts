import type { UpdateAssetInput } from "../../common/assets.js";
import { KEYS_MSG } from "../../common/keys.js";
import type { ActorProfile } from "../access.js";
import type { Tx } from "../db/client.js";
import { AppError } from "../errors.js";
import { selectKeyRefForShare } from "../keys/beneficiary-queries.js";
import type { AssetChanges } from "./queries.js";

/**
 * An asset's beneficiary wrap (docs/decisions/032): its content key wrapped with the beneficiary key
 * of the address it names. A wrap must use one of the owner's own keys, for exactly that address.
 */
type BeneficiaryKeyInput = NonNullable<UpdateAssetInput["beneficiaryKey"]>;
type WrapChanges = Pick<AssetChanges, "beneficiaryKeyId" | "beneficiaryWrappedKey">;

const lower = (email: string | null) => email?.toLowerCase() ?? null;

/**
 * The wrap as row values, or 400 when the asset names no beneficiary, or the key is not the
 * owner's (row-level security hides other owners' keys) or is another address's. One answer for
 * all three: the owner's browser sent a wrap that does not fit this item. The key stays locked FOR
 * SHARE until the transaction ends, so a concurrent re-issue cannot drop it under this wrap.
 */
export async function requireBeneficiaryWrap(
  tx: Tx,
  actor: ActorProfile,
  { email, wrap }: { email: string | null; wrap: BeneficiaryKeyInput },
): Promise<WrapChanges> {
  const key = await selectKeyRefForShare(tx, wrap.id);
  if (!email || !key || key.userId !== actor.id || key.email !== lower(email))
    throw new AppError("VALIDATION", KEYS_MSG.wrongBeneficiaryKey);
  return {
    beneficiaryKeyId: key.id,
    beneficiaryWrappedKey: Buffer.from(wrap.wrappedKey, "base64"),
  };
}

/**
 * What an update does to the wrap: a new one (checked) replaces it; otherwise a change of the
 * beneficiary's address (or clearing it) or of the content key drops it, and the item is pending
 * until the owner's browser wraps it again; any other update keeps it.
 */
export async function beneficiaryWrapChanges(
  tx: Tx,
  actor: ActorProfile,
  {
    current,
    input,
  }: {
    current: { beneficiaryEmail: string | null };
    input: Pick<UpdateAssetInput, "beneficiaryEmail" | "wrappedKey" | "beneficiaryKey">;
  },
): Promise<WrapChanges> {
  const email =
    input.beneficiaryEmail !== undefined ? input.beneficiaryEmail : current.beneficiaryEmail;
  if (input.beneficiaryKey)
    return requireBeneficiaryWrap(tx, actor, { email, wrap: input.beneficiaryKey });
  const isEmailChanged =
    input.beneficiaryEmail !== undefined &&
    lower(input.beneficiaryEmail) !== lower(current.beneficiaryEmail);
  if (isEmailChanged || input.wrappedKey || email === null)
    return { beneficiaryKeyId: null, beneficiaryWrappedKey: null };
  return {};
}
