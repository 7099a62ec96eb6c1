import { toast } from "@/lib/toast";

/** Writes `text` to the clipboard and confirms with the spec's toast (02 §8 Copy); false when the browser refused. */
export async function copyToClipboard(text: string, copiedMessage: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copiedMessage);
    return true;
  } catch {
    toast.error("Could not copy to the clipboard. Select the text and copy it instead.");
    return false;
  }
}
