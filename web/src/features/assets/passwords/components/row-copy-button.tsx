import { COPIED_INDICATOR_MS } from "@common/app";
import * as checkIcon from "lucide-react/icons/check";
import * as keyIcon from "lucide-react/icons/key-round";
import * as userIcon from "lucide-react/icons/user-round";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { MaskIcon } from "@/components/ui/mask-icon";
import { copyAndClearLater } from "../copy-to-clipboard";

/**
 * One click copies a row's username or password; the clipboard is cleared 30 seconds later if it
 * still holds it. Disabled while the row is being decrypted, or when there is nothing to copy.
 */
export function RowCopyButton({
  what,
  title,
  value,
  onCopied,
}: {
  what: "username" | "password";
  title: string;
  value: string | undefined;
  onCopied: () => void;
}) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const label = `Copy ${what} of ${title}`;
  const icon = isCopied ? checkIcon : what === "username" ? userIcon : keyIcon;
  const onClick = async () => {
    if (!value || !(await copyAndClearLater(value))) return;
    setIsCopied(true);
    onCopied();
  };
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      title={`Copy ${what}`}
      aria-label={label}
      disabled={!value}
      onClick={() => void onClick()}
      className="shrink-0"
    >
      <MaskIcon icon={icon} className={isCopied ? "text-success" : undefined} />
    </Button>
  );
}
