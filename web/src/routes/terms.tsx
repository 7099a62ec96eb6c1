import { Link } from "react-router";
import { linkLook } from "@/components/looks";
import { AboutPage, AboutSection } from "@/features/about/components/about-page";

/** /terms (public): short and sensible, in plain words; not legal advice and not a will. */
export default function TermsScreen() {
  return (
    <AboutPage
      title="Terms of use"
      summary={
        <p>
          The short version: keep your password safe, store only what is yours to share, and do not
          treat Legacy Vault as your will. We will keep your vault safe and tell you plainly what we
          can and cannot do.
        </p>
      }
    >
      <AboutSection id="not-a-will" title="Legacy Vault is not a will">
        <p>
          Legacy Vault helps you keep passwords, documents and wishes in one place and hand them to
          the people you choose. It is <strong>not a substitute for a will</strong> made and signed
          as the law where you live requires. Naming a beneficiary here does not transfer property,
          money or rights. Keep a valid will, and store a copy of it here if you wish. These pages
          are not legal advice; your attorney can give you that.
        </p>
      </AboutSection>

      <AboutSection id="yours" title="What you agree to">
        <ul>
          <li>Give your real name and an e-mail address you can read.</li>
          <li>
            Keep your password to yourself. Anyone who has it can open your vault, and we cannot
            tell them from you.
          </li>
          <li>
            Store only what you are allowed to keep and share, and nothing that breaks the law.
          </li>
          <li>
            Do not try to reach other people's data, overload the service or get around its limits.
          </li>
          <li>
            If you register a law firm, you act for that firm and keep its staff list and codes up
            to date.
          </li>
        </ul>
      </AboutSection>

      <AboutSection id="ours" title="What we do">
        <ul>
          <li>
            Keep your vault encrypted and never read its content, as the{" "}
            <Link to="/security" className={linkLook}>
              Security
            </Link>{" "}
            page describes, including its current limits.
          </li>
          <li>
            Use your data only to run the service, as the{" "}
            <Link to="/privacy" className={linkLook}>
              Privacy
            </Link>{" "}
            page describes.
          </li>
          <li>Tell you by e-mail before changing these terms in a way that matters to you.</li>
        </ul>
      </AboutSection>

      <AboutSection id="releases" title="Releases depend on what you set up">
        <p>
          Your items reach your beneficiaries only as your release plan says, and only if the e-mail
          addresses you gave still work. If you keep a beneficiary's access key yourself, they can
          open their items only with that key: if it is lost, neither they nor we can open them.
          Please check your plan and your beneficiaries' addresses from time to time.
        </p>
      </AboutSection>

      <AboutSection id="limits" title="Limits">
        <p>
          We work hard to keep the service running and your data safe, but no online service can
          promise never to fail. Keep your own copies of anything irreplaceable. You can stop using
          Legacy Vault at any time.
        </p>
      </AboutSection>
    </AboutPage>
  );
}
