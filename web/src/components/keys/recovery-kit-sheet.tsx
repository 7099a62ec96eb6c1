import { formatDate } from "@/lib/format";

/**
 * The one-page recovery kit that "Print the kit" prints (index.css: while a `.print-sheet` is in
 * the page, printing shows it alone): for whom, the key, and what it is for. Rendered into
 * document.body by RecoveryKit; hidden on screen.
 */
export function RecoveryKitSheet({ recoveryKey, email }: { recoveryKey: string; email?: string }) {
  return (
    <div className="print-sheet hidden bg-white p-8 text-black print:block" aria-hidden="true">
      <h1 className="text-2xl font-semibold">Legacy Vault recovery kit</h1>
      {email && <p className="mt-4">For the account: {email}</p>}
      <p className={email ? undefined : "mt-4"}>Made on: {formatDate(new Date())}</p>
      <p className="mt-6 font-semibold">Recovery key</p>
      <p className="font-mono text-2xl tracking-wider">{recoveryKey}</p>
      <h2 className="mt-8 text-lg font-semibold">What it is for</h2>
      <ul className="mt-2 list-disc pl-6">
        <li>
          If you forget your password, this key opens your vault again: choose "Forgot password?"
          when you sign in, open the link we e-mail you, and enter this key when asked.
        </li>
        <li>
          Without your password or this key, nobody can read what you stored, not even Legacy Vault.
          We do not keep a copy of it.
        </li>
      </ul>
      <h2 className="mt-6 text-lg font-semibold">How to keep it</h2>
      <ul className="mt-2 list-disc pl-6">
        <li>Keep this sheet somewhere safe and private, as you would a passport.</li>
        <li>Keep it apart from your password: not in the same place, file or notebook.</li>
        <li>If you make a new recovery kit, this one stops working: destroy it.</li>
      </ul>
    </div>
  );
}
