import { TWO_FACTOR_MSG } from "@common/two-factor";
import { Copy, Download, Printer } from "lucide-react";
import { createPortal } from "react-dom";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import { useShownOnce } from "@/lib/use-shown-once";
import { copyToClipboard } from "@/lib/clipboard";
import { saveBlob } from "@/features/assets/save-blob";

/** The codes as a text file or the clipboard hold them: one a line, with what they are for. */
export function recoveryCodesText(codes: string[], email: string): string {
  return [
    `Legacy Vault recovery codes for ${email}`,
    `Made on ${formatDate(new Date())}. Each code signs you in once.`,
    "",
    ...codes,
    "",
  ].join("\n");
}

/**
 * The ten recovery codes, shown once (decision 052): Copy, Print (a one-page sheet), Download (a
 * text file made in the browser), and "I have saved these codes" to go on. Leaving before that asks first.
 */
export function RecoveryCodesList({
  codes,
  email,
  onSaved,
}: {
  codes: string[];
  email: string;
  onSaved: () => void;
}) {
  const { isSaved, markSaved, introRef } = useShownOnce(onSaved);
  const text = recoveryCodesText(codes, email);
  const copy = () =>
    copyToClipboard(
      text,
      TWO_FACTOR_MSG.copied,
      "Could not copy to the clipboard. Select the codes and copy them instead.",
    );
  const download = () =>
    saveBlob(new Blob([text], { type: "text/plain" }), "legacy-vault-recovery-codes.txt");
  return (
    <div className="grid gap-4 text-sm">
      <p ref={introRef} tabIndex={-1} className="focus:outline-none">
        {TWO_FACTOR_MSG.recoveryIntro}
      </p>
      <ol
        aria-label={TWO_FACTOR_MSG.recoveryTitle}
        className="grid grid-cols-1 gap-2 rounded-lg border border-border bg-muted p-4 font-mono text-base font-semibold tracking-wider sm:grid-cols-2"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="grid gap-2 sm:grid-cols-3">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
      </div>
      <Button type="button" className="w-full" disabled={isSaved} onClick={markSaved}>
        {TWO_FACTOR_MSG.recoverySaved}
      </Button>
      {createPortal(
        <div className="print-sheet hidden bg-white p-8 text-black print:block" aria-hidden="true">
          <h1 className="text-2xl font-semibold">Legacy Vault recovery codes</h1>
          <p className="mt-4">For the account: {email}</p>
          <p>Made on: {formatDate(new Date())}</p>
          <ol className="mt-6 grid grid-cols-2 gap-2 font-mono text-xl tracking-wider">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <p className="mt-6">
            Each code signs you in once, after your password, if you cannot use your authenticator
            app. Keep this sheet somewhere safe and private, away from your phone. New codes made on
            your profile replace these.
          </p>
        </div>,
        document.body,
      )}
    </div>
  );
}
