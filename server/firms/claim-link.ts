import { timingSafeEqual } from "node:crypto";
import type { Deps } from "../deps.js";
import { firmClaimLinkMail } from "./emails.js";

/** How long a firm stays claimable (and its e-mailed claim link works); then it is deleted. */
export const CLAIM_WINDOW_HOURS = 24;

type ClaimableFirm = { id: string; name: string; createdAt: Date; claimSecretHash: string | null };

/**
 * The token of an e-mailed claim link (decision 034): an HMAC under a master-derived key of the
 * firm, the one account it was sent to and the firm's current claim secret. Nothing is stored;
 * it stops working once the firm is claimed (its claim secret is then gone) or deleted.
 */
const claimLinkToken = (deps: Deps, firm: ClaimableFirm, userId: string) =>
  deps.hmac(`firm-claim-link:${firm.id}:${userId}:${firm.claimSecretHash ?? ""}`);

export function isClaimLinkToken(
  deps: Deps,
  link: { firm: ClaimableFirm; userId: string; token: string },
): boolean {
  if (!link.firm.claimSecretHash) return false;
  const expected = Buffer.from(claimLinkToken(deps, link.firm, link.userId));
  const given = Buffer.from(link.token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** E-mails an existing account the link that lets it claim the firm after signing in. */
export function sendClaimLink(
  deps: Deps,
  claim: { firm: ClaimableFirm; userId: string; email: string },
): Promise<void> {
  const { firm } = claim;
  return deps.sendMail(
    firmClaimLinkMail({
      appUrl: deps.env.APP_URL,
      to: claim.email,
      firmName: firm.name,
      firmId: firm.id,
      token: claimLinkToken(deps, firm, claim.userId),
      expiresAt: new Date(firm.createdAt.getTime() + CLAIM_WINDOW_HOURS * 3600_000),
    }),
  );
}
