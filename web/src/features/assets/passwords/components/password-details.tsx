import type { AssetView } from "@common/assets";
import { PASSWORD_MSG, type PasswordContent } from "@common/assets/passwords";
import { BeneficiaryLabels } from "@/components/beneficiary-label";
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { formatDate } from "@/lib/format";
import { websiteHref } from "../password-display";
import { CopyButton } from "./copy-button";
import { MaskedPassword } from "./masked-password";

const NONE = <span className="text-muted-foreground">Not provided</span>;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-3 last:border-0 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-foreground-soft sm:pt-2.5">{term}</dt>
      <dd className="flex min-h-10 min-w-0 items-center gap-2">{children}</dd>
    </div>
  );
}

function Website({ website }: { website: string }) {
  const href = websiteHref(website);
  const text = <span className="min-w-0 flex-1 wrap-anywhere">{website}</span>;
  if (!href) return text;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="min-w-0 flex-1 text-link underline underline-offset-4 wrap-anywhere"
    >
      {website}
      <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

type Props = {
  /** The owner's stored asset, for its beneficiary and last update (a beneficiary's view has neither). */
  asset?: Pick<AssetView, "beneficiaryEmails" | "updatedAt">;
  content: PasswordContent;
};

/** The view mode of /vault/{id} (and of a released password): the decrypted fields, the password masked, with copy buttons. */
export function PasswordDetails({ asset, content }: Props) {
  return (
    <dl>
      <Row term="Website">
        {content.website ? (
          <>
            <Website website={content.website} />
            <CopyButton
              value={content.website}
              label="Copy website URL"
              copiedMessage={PASSWORD_MSG.websiteCopied}
            />
          </>
        ) : (
          NONE
        )}
      </Row>
      <Row term="Username">
        {content.username ? (
          <>
            <span className="min-w-0 flex-1 wrap-anywhere">{content.username}</span>
            <CopyButton
              value={content.username}
              label="Copy username"
              copiedMessage={PASSWORD_MSG.usernameCopied}
            />
          </>
        ) : (
          NONE
        )}
      </Row>
      <Row term="Password">
        <MaskedPassword password={content.password} />
        <CopyButton
          value={content.password}
          label="Copy password"
          copiedMessage={PASSWORD_MSG.passwordCopied}
        />
      </Row>
      <Row term="Notes">
        {content.notes ? (
          <p className="min-w-0 py-2 whitespace-pre-wrap wrap-anywhere">{content.notes}</p>
        ) : (
          NONE
        )}
      </Row>
      {asset && (
        <>
          <Row term={asset.beneficiaryEmails.length > 1 ? "Beneficiaries" : "Beneficiary"}>
            {asset.beneficiaryEmails.length ? (
              <span className="min-w-0">
                <BeneficiaryLabels emails={asset.beneficiaryEmails} />
              </span>
            ) : (
              NONE
            )}
          </Row>
          <Row term="Last updated">{formatDate(asset.updatedAt)}</Row>
        </>
      )}
    </dl>
  );
}
