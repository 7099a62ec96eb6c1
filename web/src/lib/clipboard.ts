import { toast } from "@/lib/toast";

export const COPY_FAILED = "Could not copy to the clipboard. Select the text and copy it instead.";

/**
 * Writes `text` to the clipboard and confirms with the spec's toast (02 §8 Copy); false when the
 * browser refused (`failedMessage` then says what to select instead).
 */
export async function copyToClipboard(
  text: string,
  copiedMessage: string,
  failedMessage = COPY_FAILED,
): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copiedMessage);
    return true;
  } catch {
    toast.error(failedMessage);
    return false;
  }
}
