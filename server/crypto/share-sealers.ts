import { deriveKey } from "./master-key.js";
import { createSealer, type Sealer } from "./sealer.js";

/**
 * The sealers of beneficiary keys' shares (docs/decisions/032), each under its own key derived from
 * the master key; the beneficiary key's id is the additional data, so a share copied to another
 * key's row does not open.
 */
export type ShareSealers = {
  /** The server's share S, HKDF(master key, "beneficiary-share"). */
  serverShare: Sealer;
  /** The access key A when the owner chose escrow, HKDF(master key, "beneficiary-escrow"). */
  escrow: Sealer;
  /** A message's waiting share W, HKDF(master key, "message-share"), the message id as additional data (decision 089). */
  messageShare: Sealer;
};

export function createShareSealers(masterKey: Buffer): ShareSealers {
  return {
    serverShare: createSealer(deriveKey(masterKey, "beneficiary-share")),
    escrow: createSealer(deriveKey(masterKey, "beneficiary-escrow")),
    messageShare: createSealer(deriveKey(masterKey, "message-share")),
  };
}
