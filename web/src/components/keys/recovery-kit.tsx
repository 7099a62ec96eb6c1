import { Copy, Printer } from "lucide-react";
import { createPortal } from "react-dom";
import { Button } from "@/components/ui/button";
import { copyToClipboard } from "@/lib/clipboard";
import { useShownOnce } from "@/lib/use-shown-once";
import { RecoveryKitSheet } from "./recovery-kit-sheet";

/**
 * The recovery kit, shown once (decision 038): the recovery key in groups of four, Print (a
 * one-page sheet) and Copy, plain instructions, and "I have saved it" to go on. The key lives only
 * in the caller's state: nothing of it is stored, and leaving the screen before "I have saved it"
 * asks first. The caller gives the heading (the page's h1 or a card's h2).
 */
export function RecoveryKit({
  recoveryKey,
  email,
  onSaved,
  savedLabel = "I have saved it",
}: {
  recoveryKey: string;
  /** The account, printed on the kit (unknown on the reset page). */
  email?: string;
  onSaved: () => void;
  savedLabel?: string;
}) {
  const { isSaved, markSaved, introRef } = useShownOnce(onSaved);
  const groups = recoveryKey.split("-");
  const copy = () =>
    copyToClipboard(
      recoveryKey,
      "Recovery key copied",
      "Could not copy to the clipboard. Select the key and copy it instead.",
    );
  return (
    <div className="grid gap-4 text-sm">
      <p ref={introRef} tabIndex={-1} className="focus:outline-none">
        This key opens your vault if you ever forget your password. We show it only now: save it
        before you go on.
      </p>
      <dl className="grid gap-2 rounded-lg border border-border bg-muted p-4">
        <dt className="font-medium text-foreground-soft">Your recovery key</dt>
        <dd
          className="font-mono text-lg font-semibold tracking-wider text-foreground"
          data-testid="recovery-key"
        >
          {groups.map((group, i) => (
            <span key={i} className="inline-block whitespace-nowrap">
              {group}
              {i < groups.length - 1 && "-"}
            </span>
          ))}
        </dd>
      </dl>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print the kit
        </Button>
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy the key
        </Button>
      </div>
      <ul className="grid list-disc gap-1 pl-5 text-foreground-soft">
        <li>Print the kit, or write the key down, and keep it somewhere safe and private.</li>
        <li>Keep it apart from your password: not in the same place, file or notebook.</li>
        <li>
          Nobody at Legacy Vault can open your vault without your password or this key: we do not
          keep a copy of it.
        </li>
        <li>If you forget your password, the "Forgot password?" link will ask you for this key.</li>
      </ul>
      <Button type="button" className="w-full" disabled={isSaved} onClick={markSaved}>
        {savedLabel}
      </Button>
      {createPortal(<RecoveryKitSheet recoveryKey={recoveryKey} email={email} />, document.body)}
    </div>
  );
}
