import { COPIED_INDICATOR_MS } from "@common/app";
import { FIRM_CODE_MSG } from "@common/firm-codes";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { copyToClipboard } from "@/lib/clipboard";

/** Copies `code` to the clipboard; a check mark replaces the icon for 3 seconds. */
export function CopyCodeButton({ id, code }: { id: string; code: string }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  const onCopy = async () => {
    if (await copyToClipboard(code, FIRM_CODE_MSG.codeCopied, FIRM_CODE_MSG.codeCopyFailed))
      setCopiedAt(Date.now());
  };

  const label = copiedAt === null ? `Copy code ${code}` : `Code ${code} copied`;
  return (
    <Button
      id={id}
      type="button"
      variant="ghost"
      size="icon"
      onClick={() => void onCopy()}
      title={label}
    >
      {copiedAt === null ? (
        <Copy aria-hidden="true" />
      ) : (
        <Check aria-hidden="true" className="text-success" />
      )}
      <span className="sr-only">{label}</span>
    </Button>
  );
}
