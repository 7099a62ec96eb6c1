import type {
  BeneficiaryKeyView,
  BeneficiaryKeysView,
  CreateBeneficiaryKeyInput,
} from "@common/keys";
import type { QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import {
  combineShares,
  importBeneficiaryKey,
  randomShare,
  unwrapRaw,
  wrapContext,
  wrapRaw,
} from "@/lib/crypto/beneficiary-keys";
import { fromBase64, toBase64, wrapContentKey } from "@/lib/crypto/vault-crypto";
import { createBeneficiaryKey } from "./api/create-beneficiary-key";
import { beneficiaryKeysQueryOptions } from "./api/list-beneficiary-keys";
import { normalizeEmail } from "./pending-items";

/**
 * The owner's key ring (docs/decisions/032-beneficiary-keys.md): their beneficiary keys, unwrapped
 * with the data key only when needed and kept in memory only, as non-extractable keys. The shares
 * of a new key live only for the request that stores them: the server share goes to the server,
 * the access key only wrapped with the data key (or, escrowed, to the server by the owner's choice).
 */

/** Unwrapped beneficiary keys per data key: gone with the data key when the session ends. */
const unwrapped = new WeakMap<CryptoKey, Map<string, Promise<CryptoKey>>>();

/** A key's BK, unwrapped with the data key (additional data "beneficiary-key:<id>"), as a non-extractable key. */
export function unwrapBeneficiaryKey(
  dataKey: CryptoKey,
  key: Pick<BeneficiaryKeyView, "id" | "ownerWrappedKey">,
): Promise<CryptoKey> {
  let ring = unwrapped.get(dataKey);
  if (!ring) unwrapped.set(dataKey, (ring = new Map()));
  let bk = ring.get(key.id);
  if (!bk) {
    bk = (async () => {
      const raw = await unwrapRaw(
        dataKey,
        fromBase64(key.ownerWrappedKey),
        wrapContext.beneficiaryKey(key.id),
      );
      try {
        return await importBeneficiaryKey(raw);
      } finally {
        raw.fill(0);
      }
    })();
    bk.catch(() => ring.delete(key.id)); // a failure is not remembered
    ring.set(key.id, bk);
  }
  return bk;
}

/** A key's access key (32 bytes), unwrapped with the data key; the caller shows it and lets it go. */
export const unwrapAccessKey = (
  dataKey: CryptoKey,
  key: Pick<BeneficiaryKeyView, "id" | "ownerWrappedAccessKey">,
) => unwrapRaw(dataKey, fromBase64(key.ownerWrappedAccessKey), wrapContext.accessKey(key.id));

/** The keys and pending items as the server has them now. */
export const fetchBeneficiaryKeys = (queryClient: QueryClient): Promise<BeneficiaryKeysView> =>
  queryClient.fetchQuery({ ...beneficiaryKeysQueryOptions(), staleTime: 0 });

export type NewKeyOptions = {
  dataKey: CryptoKey;
  email: string;
  /** The service holds the access key (decision 032 "Defaults": `isEscrowedByDefault`); otherwise the owner hands it over. */
  isEscrowed: boolean;
  /** The key this one re-issues. */
  replaces?: string;
  /** Content keys to wrap with the new key in the same request: [asset id, content key]. */
  items?: readonly { assetId: string; contentKey: CryptoKey }[];
};

/**
 * Makes a beneficiary key in this browser and stores it: S and A random, BK = S XOR A, BK and A
 * wrapped with the data key. Throws ApiError (409 when the address already has a key that
 * `replaces` does not name). S, A and BK's bytes are wiped once the request is built.
 */
export async function createKey({
  dataKey,
  email,
  isEscrowed,
  replaces,
  items = [],
}: NewKeyOptions): Promise<{ key: BeneficiaryKeyView; bk: CryptoKey }> {
  const id = crypto.randomUUID();
  const serverShare = randomShare();
  const accessKey = randomShare();
  const raw = combineShares(serverShare, accessKey);
  let input: CreateBeneficiaryKeyInput;
  let bk: CryptoKey;
  try {
    bk = await importBeneficiaryKey(raw);
    const [ownerWrappedKey, ownerWrappedAccessKey, wraps] = await Promise.all([
      wrapRaw(dataKey, raw, wrapContext.beneficiaryKey(id)),
      wrapRaw(dataKey, accessKey, wrapContext.accessKey(id)),
      Promise.all(
        items.map(async ({ assetId, contentKey }) => ({
          assetId,
          wrappedKey: toBase64(await wrapContentKey(contentKey, bk, assetId)),
        })),
      ),
    ]);
    input = {
      id,
      email: normalizeEmail(email),
      serverShare: toBase64(serverShare),
      ...(isEscrowed ? { escrowAccessKey: toBase64(accessKey) } : {}),
      ownerWrappedKey: toBase64(ownerWrappedKey),
      ownerWrappedAccessKey: toBase64(ownerWrappedAccessKey),
      items: wraps,
      ...(replaces ? { replaces } : {}),
    };
  } finally {
    serverShare.fill(0);
    accessKey.fill(0);
    raw.fill(0);
  }
  const key = await createBeneficiaryKey(input);
  return { key, bk };
}

export const isKeyExists = (err: unknown) => err instanceof ApiError && err.status === 409;
