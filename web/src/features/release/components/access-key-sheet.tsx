import { useMe } from "@/lib/me";
import { QrCode } from "@/components/qr-code";

/**
 * The one-page sheet "Print" prints (index.css: while it is in the page, printing shows it alone):
 * from whom, for whom, the link, the key, its QR code and what to do with it.
 */
export function AccessKeySheet({
  email,
  name,
  link,
  text,
}: {
  email: string;
  name: string | undefined;
  link: string;
  text: string;
}) {
  const { data: me } = useMe();
  const from = me ? (me.name ? `${me.name} (${me.email})` : me.email) : "";
  return (
    <div className="print-sheet hidden bg-white p-8 text-black print:block" aria-hidden="true">
      <h1 className="text-2xl font-semibold">Your access key for Legacy Vault</h1>
      <p className="mt-4">From: {from}</p>
      <p>For: {name ? `${name} (${email})` : email}</p>
      <p className="mt-4 font-semibold">Link</p>
      <p className="font-mono text-sm break-all">{link}</p>
      <p className="mt-4 font-semibold">Access key</p>
      <p className="font-mono text-lg tracking-wide">{text}</p>
      <QrCode text={link} label="QR code of the link" className="mt-4 size-56" />
      <h2 className="mt-6 text-lg font-semibold">What to do with it</h2>
      <ul className="mt-2 list-disc pl-6">
        <li>Keep this sheet safe and private, as you would a key to a house.</li>
        <li>
          It opens nothing now. Only after a release will it open what {from || "the sender"} left
          you.
        </li>
        <li>
          Then you will also need a code that we e-mail to {email}: open the link (or scan the QR
          code), and enter the code and, if asked, this access key.
        </li>
      </ul>
    </div>
  );
}
