import { composeMail, type Mail } from "../mail/templates.js";

/** One view as client in the digest: who (and their firm), when. */
export type DigestLine = { who: string; firm: string | null; at: Date };

/** The digest lists at most this many views; past it, how many more there were. */
export const DIGEST_MAX_LINES = 50;

const when = (d: Date) => d.toUTCString().replace(" GMT", " UTC");

/** The client's daily e-mail of the firm's views as client (decision 047): one line per view, oldest first. */
export function viewsDigestMail(head: { appUrl: string; to: string; lines: DigestLine[] }): Mail {
  const { appUrl, to, lines } = head;
  const shown = lines.slice(0, DIGEST_MAX_LINES);
  const more = lines.length - shown.length;
  const count = lines.length === 1 ? "once" : `${lines.length} times`;
  return composeMail(
    { template: "views-digest", to, subject: "Your law firm viewed your vault", expiresAt: null },
    [
      {
        text: `In the last day your law firm viewed your vault as client ${count}. They saw your profile, the types of your items and when they changed, and your beneficiaries' names; never the titles or the content of your passwords, documents or notes.`,
      },
      ...shown.map((l) => ({
        text: `${l.who}${l.firm ? ` (${l.firm})` : ""} viewed your vault as client on ${when(l.at)}`,
      })),
      ...(more > 0 ? [{ text: `And ${more} more.` }] : []),
      {
        text: "If you did not expect this, ask your firm about it, or leave the firm from your profile.",
      },
      { link: `${appUrl}/activity`, label: "See your account's activity" },
    ],
  );
}
