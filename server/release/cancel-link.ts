import type { Tx } from "../db/client.js";
import { newLinkToken } from "../keys/link-token.js";
import type { CancelLink } from "./emails.js";
import { insertLinks, type ReleaseRow } from "./queries.js";

/** A one-click cancel link for the owner's e-mails, valid until the release happens. */
export async function newCancelLink(tx: Tx, release: ReleaseRow): Promise<CancelLink> {
  const [link] = await newCancelLinks(tx, [release]);
  if (!link) throw new Error("no cancel link");
  return link;
}

/** newCancelLink for several releases, in one statement; the links in the releases' order. */
export async function newCancelLinks(tx: Tx, releases: ReleaseRow[]): Promise<CancelLink[]> {
  const links = releases.map((release) => ({ release, ...newLinkToken() }));
  await insertLinks(
    tx,
    links.map(({ release, hash }) => ({
      tokenHash: hash,
      userId: release.userId,
      purpose: "cancel" as const,
      releaseId: release.id,
      expiresAt: release.releaseAt,
    })),
  );
  return links.map(({ release, token }) => ({ token, expiresAt: release.releaseAt }));
}
