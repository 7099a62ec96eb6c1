import type { AssetView, PasswordContent } from "@common/assets";
import { Trash2, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FavoriteButton } from "../../components/favorite-button";
import { LetterAvatar } from "../../components/letter-avatar";
import { healthLabel, type PasswordHealth } from "../password-health";
import { websiteHost } from "../password-display";
import { RowCopyButton } from "./row-copy-button";

type Props = {
  passwords: AssetView[];
  /** The decrypted fields by id; undefined while the vault is being opened or when it failed. */
  contents: Map<string, PasswordContent> | undefined;
  isDecrypting: boolean;
  onDelete: (password: AssetView) => void;
  /** The owner copied from a row: "recently used". */
  onUsed: (id: string) => void;
  /** The "weak or reused" markers, rated in the browser after decryption (usePasswordHealth). */
  health?: Map<string, PasswordHealth>;
};

/** Rows painted first when the list mounts; the rest follow in the frame after. */
const FIRST_ROWS = 40;

/**
 * The passwords as a password manager lists them: a letter avatar, the title (a link to the
 * item), the username and site (decrypted in the browser), a star, one-click copies of the
 * username and password, and Delete.
 */
export function PasswordList({
  passwords,
  contents,
  isDecrypting,
  onDelete,
  onUsed,
  health,
}: Props) {
  // A long vault paints its first rows first; the whole list (1,000 rows: seconds on a slow phone)
  // follows right after that paint (issue 13). Not in a transition: the decryption's updates would
  // interrupt and restart it again and again. Only when the list mounts: a search or a sort then
  // shows its rows at once.
  const [isWhole, setIsWhole] = useState(passwords.length <= FIRST_ROWS);
  useEffect(() => {
    if (isWhole) return;
    // A frame's callback runs before its paint; a timer set in it, after.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setIsWhole(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isWhole]);
  const rows = isWhole ? passwords : passwords.slice(0, FIRST_ROWS);
  return (
    <ul aria-label="Passwords" className="divide-y divide-border">
      {rows.map((p) => {
        const content = contents?.get(p.id);
        const marker = health?.get(p.id);
        const host = content?.website ? websiteHost(content.website) : "";
        return (
          // contain: each row is laid out and painted apart, so that a frame of scrolling through
          // 1,000 rows does not walk all of them (scripts/bench/vault-list.ts: 12-16 -> ~37 fps at a 4x CPU slowdown).
          <li
            key={p.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 py-3 [contain:content] sm:px-4"
          >
            <LetterAvatar title={p.title} />
            <div className="grid min-w-0 flex-1 basis-40 gap-0.5">
              <Link
                to={`/vault/${p.id}`}
                className="w-fit font-medium text-link underline-offset-4 wrap-anywhere hover:underline"
              >
                {p.title}
              </Link>
              {marker && (
                <Badge className="w-fit border-warning-border bg-warning-surface text-warning-text">
                  <TriangleAlert aria-hidden="true" className="size-3" />
                  {healthLabel(marker)}
                  <span className="sr-only"> password</span>
                </Badge>
              )}
              <p className="flex min-h-5 flex-wrap gap-x-3 text-sm text-muted-foreground">
                {content === undefined ? (
                  <span className="sr-only">{isDecrypting ? "Decrypting" : "Not decrypted"}</span>
                ) : (
                  <>
                    {content.username && (
                      <span className="min-w-0 wrap-anywhere">
                        <span className="sr-only">Username: </span>
                        {content.username}
                      </span>
                    )}
                    {host && (
                      <span className="min-w-0 wrap-anywhere">
                        <span className="sr-only">Site: </span>
                        {host}
                      </span>
                    )}
                  </>
                )}
              </p>
            </div>
            <div className="ml-auto flex shrink-0 items-center gap-1">
              <FavoriteButton asset={p} />
              <RowCopyButton
                what="username"
                title={p.title}
                value={content?.username}
                onCopied={() => onUsed(p.id)}
              />
              <RowCopyButton
                what="password"
                title={p.title}
                value={content?.password}
                onCopied={() => onUsed(p.id)}
              />
              <Button
                variant="ghost"
                size="icon"
                title={`Delete ${p.title}`}
                onClick={() => onDelete(p)}
                className="shrink-0 text-destructive"
              >
                <Trash2 aria-hidden="true" />
                <span className="sr-only">Delete {p.title}</span>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
