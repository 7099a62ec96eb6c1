import { COPIED_INDICATOR_MS } from "@common/app";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { copyToClipboard } from "@/lib/clipboard";

/** An icon button that copies `value` and shows a check mark for 3 seconds (spec 02 §9). */
export function CopyButton({
  value,
  label,
  copiedMessage,
}: {
  value: string;
  label: string;
  copiedMessage: string;
}) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const onClick = async () => {
    if (await copyToClipboard(value, copiedMessage)) setIsCopied(true);
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      title={label}
      onClick={() => void onClick()}
      className="shrink-0"
    >
      {isCopied ? (
        <Check aria-hidden="true" className="text-success" />
      ) : (
        <Copy aria-hidden="true" />
      )}
      <span className="sr-only">{label}</span>
    </Button>
  );
}
