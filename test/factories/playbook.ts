import { randomBytes } from "node:crypto";

/**
 * A sealed checklist as the owner's browser sends it (docs/decisions/088): random bytes in the
 * shape of a wrapped key and an AES-GCM blob; the server cannot tell them apart from real ones.
 */
export const sealedTicks = () => ({
  wrappedKey: randomBytes(60).toString("base64"),
  data: randomBytes(120).toString("base64"),
});
