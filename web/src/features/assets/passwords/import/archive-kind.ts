import { isVaultArchive } from "@/lib/crypto/vault-archive";

/** The first bytes of a ZIP (a local file header). */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * What kind of archive a file is, from its first bytes: our encrypted archive (.lvault), a ZIP
 * (our plain export), or neither (a text export). No library: the screen's first load stays small.
 */
export function archiveKindOf(head: Uint8Array): "encrypted" | "zip" | null {
  if (isVaultArchive(head)) return "encrypted";
  return ZIP_MAGIC.every((b, i) => head[i] === b) ? "zip" : null;
}
