import { ACCESS_DAYS } from "@common/release";
import { Link } from "react-router";
import { linkLook } from "@/components/looks";
import { AboutPage, AboutSection } from "@/features/about/components/about-page";

/**
 * /privacy (public): what is kept, why, for how long (decisions 020 and 023), who sees it, and
 * which of your rights the product serves today.
 */
export default function PrivacyScreen() {
  return (
    <AboutPage
      title="Privacy"
      summary={
        <p>
          Legacy Vault keeps what it needs to run your vault and to deliver it to the people you
          chose, and nothing else. We do not sell your data, show advertising or load trackers from
          other companies.
        </p>
      }
    >
      <AboutSection id="kept" title="What we keep">
        <ul>
          <li>
            <strong>Your account:</strong> name, e-mail address, optional phone and address, your
            password as a one-way hash, and your role.
          </li>
          <li>
            <strong>Your firm link:</strong> which law firm you belong to, if any, and as what
            (client, staff or administrator).
          </li>
          <li>
            <strong>Your vault:</strong> items encrypted in your browser, which we cannot read, with
            their titles, types, dates and sizes in clear; your beneficiaries' names and e-mail
            addresses; your release plan. The{" "}
            <Link to="/security" className={linkLook}>
              Security
            </Link>{" "}
            page explains exactly what is readable.
          </li>
          <li>
            <strong>Sessions:</strong> for each signed-in device, its network address and browser
            name, so that a session can be checked and ended.
          </li>
          <li>
            <strong>An audit log</strong> of security events: sign-ins and failed attempts, changes
            of role or firm, a firm viewing your vault summary, releases and beneficiaries opening
            their items. It records who, what, when and the network address, never a password, code
            or item content.
          </li>
          <li>
            <strong>E-mails we send</strong> (confirmations, codes, invitations, release notices):
            after delivery we keep only the recipient, the kind of message and when it was sent.
          </li>
          <li>
            <strong>Server logs</strong> for running the service: which page or request, its result
            and a request number. They contain no request bodies, no links and no codes.
          </li>
        </ul>
      </AboutSection>

      <AboutSection id="why" title="Why">
        <p>
          To let you sign in and keep your account safe, to store your vault, to link you with your
          law firm if you choose one, to deliver your items to your beneficiaries when a release
          happens, and to find out what happened if something goes wrong. We use your e-mail address
          only for messages about your account, your firm and your release plan.
        </p>
      </AboutSection>

      <AboutSection id="how-long" title="For how long">
        <ul>
          <li>Your account, vault and audit log: for as long as your account exists.</li>
          <li>
            Sign-in codes, confirmation and reset links: minutes to an hour, then they stop working
            and are deleted. Expired sessions are deleted too.
          </li>
          <li>
            The text of an e-mail: erased as soon as it is delivered, or when the link in it
            expires. The record that it was sent: 90 days.
          </li>
          <li>Invitations nobody accepted: 90 days after they expired.</li>
          <li>A firm registration nobody completed: 24 hours.</li>
          <li>
            Backups: as long as the people running this service keep them (we recommend two weeks
            for nightly copies, one year for monthly ones).
          </li>
        </ul>
      </AboutSection>

      <AboutSection id="who" title="Who sees it">
        <ul>
          <li>You, when signed in.</li>
          <li>
            Your law firm, if you joined one: your profile and a read-only summary of your vault,
            never the content of your items. Every such view is recorded.
          </li>
          <li>
            Your beneficiaries, only after a release, only the items you left to each of them, for{" "}
            {ACCESS_DAYS} days.
          </li>
          <li>
            The people who run this service, who can reach the database to keep it running. Read on
            the{" "}
            <Link to="/security" className={linkLook}>
              Security
            </Link>{" "}
            page what that does and does not let them see.
          </li>
        </ul>
        <p>We give your data to no one else, unless the law requires it.</p>
      </AboutSection>

      <AboutSection id="rights" title="Your rights, and what the product offers today">
        <p>
          You may see, correct, take out and delete your data. Here is honestly what you can do in
          the product today, and what is still being built:
        </p>
        <ul>
          <li>
            <strong>See and correct:</strong> your profile page shows and edits your name, phone and
            address; your vault shows everything you stored.
          </li>
          <li>
            <strong>Take out (export):</strong> you can open and copy every item; a one-click
            download of your whole vault is being built.
          </li>
          <li>
            <strong>Delete:</strong> you can delete any item at any time. Deleting your whole
            account yourself is being built; until then, ask the people who run this service (or
            your law firm) and they will do it.
          </li>
          <li>
            <strong>Change your e-mail address</strong> and <strong>leave a firm</strong>: being
            built; ask us in the meantime.
          </li>
        </ul>
      </AboutSection>
    </AboutPage>
  );
}
