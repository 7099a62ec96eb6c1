import { ACCESS_DAYS } from "@common/release";
import { Link } from "react-router";
import { linkLook } from "@/components/looks";
import { AboutPage, AboutSection } from "@/features/about/components/about-page";

/**
 * /security (public): how the encryption works and what the service can and cannot see, in plain
 * words that match the code (SECURITY.md's threat model, docs/release-keys.md, decisions 009 and 032).
 */
export default function SecurityScreen() {
  return (
    <AboutPage
      title="Security"
      summary={
        <p>
          What we protect, how, and where the limits are today. We would rather tell you plainly
          what the service could see than promise more than the code does.
        </p>
      }
    >
      <AboutSection id="encryption" title="Your vault is encrypted in your browser">
        <p>
          Passwords, notes, documents, recordings, the titles of your items and the names of your
          files are encrypted on your own device, in your browser, before they are sent to us. Each
          item gets its own random key and is encrypted with AES-256-GCM, a widely used standard.
          What reaches our servers, our database and our backups is unreadable ciphertext.
        </p>
        <p>
          The item keys are in turn locked with your <strong>data key</strong>, which is made in
          your browser and is yours alone. We keep it only locked twice: with a key your browser
          derives from your password, and with the <strong>recovery key</strong> of the kit you
          print when you register. While you are signed in, your browser keeps the data key in
          memory, and forgets it when you sign out or close the tab.
        </p>
      </AboutSection>

      <AboutSection id="today" title="What the service cannot open">
        <p>
          <strong>The service cannot open your vault: your password never reaches it.</strong>
        </p>
        <p>
          When you sign in, your browser turns your password into two values: one it sends to prove
          it is you (we store only a one-way hash of it), and one it keeps to unlock your data key.
          Neither our database nor our server's own keys, together or apart, can unlock your data
          key. If you forget your password, your recovery key keeps your vault; without it, your
          account can be recovered but what you stored cannot be read again, by you or by us.
        </p>
        <p>
          Accounts made before this change keep a copy of their data key locked with the service's
          master key until their owner next signs in; that sign-in moves the account over and the
          copy is deleted. Like every vault that runs in a browser, this relies on the page your
          browser loads from us being the one we publish.
        </p>
      </AboutSection>

      <AboutSection id="clear" title="What we can see, and what we cannot">
        <p>Some things are kept readable, because the service cannot work without them:</p>
        <ul>
          <li>your name, e-mail address, phone and address, and which law firm you belong to;</li>
          <li>
            each item's type (password, document, note, estate inventory entry, message for later or
            final wishes), the dates it was created, changed and last used, whether you starred it,
            and the type and size of its files: they order your lists, and the server checks each
            file's type and size before storing it;
          </li>
          <li>
            which of your beneficiaries' e-mail addresses receives which item (and whether it is
            left to them or comes with a role), your beneficiaries' names, which of them you named
            executor or legal contact, which documents you marked for your legal contact, and your
            release plan: a release has to know whom to write to, and what to open for each of them;
          </li>
          <li>
            when each message for later is to be delivered (at the release, on a date, or some years
            after): the server delivers it on that day. Until then it keeps back a part of the
            message&apos;s key, so that nobody, not even its recipient, can open it early. What it
            says, and whose birthday it is, stay encrypted;
          </li>
          <li>
            after a release, your executor&apos;s task list: how many tasks there are, what each is
            (close, pass on, memorialise, cancel, claim…), its status, its due date, who it is
            assigned to, which inventory entry it comes from and when it changed, so that your
            family can follow progress and your firm can see the counts. The executor&apos;s notes,
            proofs (letters, screenshots) and which accounts the tasks are about are encrypted in
            the executor&apos;s browser;
          </li>
          <li>
            whether your final wishes may be read as soon as your death is confirmed: the server
            then gives the people you chose what they need to open them, before the wait ends. Your
            wishes themselves stay encrypted;
          </li>
          <li>a log of security events (sign-ins, failed attempts, firm changes, releases);</li>
          <li>
            how many accounts of your after-death checklist (Google, Apple, Facebook…) you have
            ticked off, so that your plan health can say how many are left: which ones, and when,
            are encrypted in your browser like your items.
          </li>
        </ul>
        <p>
          We never see the content of your items (passwords, notes, documents, recordings or file
          names, and in your estate inventory each entry&apos;s kind, organisation, reference,
          contact details, what should happen to it and your instructions, and every part of your
          final wishes), their titles, nor your beneficiaries' phone numbers, relationships or
          notes. Your browser sorts and searches your items by title itself: our servers cannot.
        </p>
        <p>
          Items stored before titles were encrypted keep a readable title until you next sign in:
          your browser then encrypts those titles and the readable copies are removed from your
          items. The database&apos;s own files and the backups made before may still hold an old
          copy until that space is reused and those backups expire. If you never sign in again,
          those titles stay readable to the service.
        </p>
        <p>
          Your password never reaches us: we store only a one-way hash (argon2id) of the value your
          browser derives from it. Sign-in links, reset links, invitation links and codes are stored
          only as hashes, and the e-mails that carried them are erased once delivered or expired.
          Our server logs contain no request bodies, no links and no codes.
        </p>
      </AboutSection>

      <AboutSection id="firm" title="What your law firm sees">
        <p>
          If you join a law firm, its administrators and staff see your name, e-mail and profile.
          When they open "View as Client", they see a read-only summary of your vault: how many
          items of each type you have, the types and dates of the five latest (never their titles),
          and your beneficiaries' names. Each such view is recorded in the audit log. Your firm
          never sees the content of any item, and no other firm sees anything of yours.
        </p>
      </AboutSection>

      <AboutSection id="beneficiaries" title="How your beneficiaries receive what you left them">
        <p>
          Nothing reaches a beneficiary before a release: after the period of inactivity you chose,
          or after your law firm attests your death or incapacity, followed by a waiting period
          during which you can cancel by e-mail. A beneficiary then proves their e-mail address with
          a one-time code and, for {ACCESS_DAYS} days, can open only the items you left to them.
          Their browser decrypts the items; they need no account.
        </p>
        <p>
          Each beneficiary has their own key, made in your browser and split in two parts. One part
          stays sealed on our server and is handed out only after a release. The other part, the{" "}
          <strong>access key</strong>, is yours to give: as a link, a QR code or a printed sheet,
          for example kept with your will. Both parts are needed to open the items, so a copy of our
          database, even with the server's keys, cannot open them through a release.
        </p>
        <p>
          If you prefer, you can let the service keep the access key for a beneficiary instead
          (escrow). The release then needs only the e-mailed code, which is simpler for your family,
          but whoever holds the service's keys could open those items. You choose this per
          beneficiary, and you can change your mind: the key is then replaced, and the old one opens
          nothing any more.
        </p>
      </AboutSection>

      <AboutSection id="account" title="How your account is protected">
        <ul>
          <li>
            Passwords need at least 8 characters, very common passwords are refused, and repeated
            wrong attempts slow down and then stop password sign-in until you choose a new one.
          </li>
          <li>
            You can turn on a one-time code sent by e-mail at each sign-in, from your profile.
          </li>
          <li>
            Sessions are kept in secure cookies that scripts cannot read, and every page is served
            with strict browser protections against injected scripts and other sites' requests.
          </li>
          <li>
            Every record answers only to those allowed to see it, checked by the application and
            again by the database itself.
          </li>
        </ul>
      </AboutSection>

      <AboutSection id="report" title="Found a problem?">
        <p>
          If you believe you have found a security weakness, please tell the people who run this
          service before telling anyone else, and give them time to fix it. Read how we handle your
          data on the{" "}
          <Link to="/privacy" className={linkLook}>
            Privacy
          </Link>{" "}
          page.
        </p>
      </AboutSection>
    </AboutPage>
  );
}
