import type { OpenedAssetView } from "../../titles/open-titles";
import type { PasswordContent } from "@common/assets/passwords";
import * as trashIcon from "lucide-react/icons/trash";
import * as warningIcon from "lucide-react/icons/triangle-exclamation-point";
import { memo, type ComponentPropsWithRef } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { MaskIcon } from "@/components/ui/mask-icon";
import { cn } from "@/lib/utils";
import { FavoriteButton } from "../../components/favorite-button";
import { LetterAvatar } from "../../components/letter-avatar";
import { healthLabel, type PasswordHealth } from "../password-health";
import { websiteHost } from "../password-display";
import { RowCopyButton } from "./row-copy-button";

type Props = Omit<ComponentPropsWithRef<"li">, "children"> & {
  password: OpenedAssetView;
  /** Its decrypted fields; undefined while the vault is being opened or when it failed. */
  fields: PasswordContent | undefined;
  isDecrypting: boolean;
  marker: PasswordHealth | undefined;
  onDelete: (password: OpenedAssetView) => void;
  onUsed: (id: string) => void;
};

/**
 * One password as a password manager lists it: a letter avatar, the title (a link to the item),
 * the username and site, a star, one-click copies of the username and password, and Delete.
 * Memoised: a windowed list renders again on every scroll step, its rows only when they change.
 * Its icons are MaskIcons, one element each (decision 067), and its icon buttons are named by
 * aria-label, not by hidden text laid out in every row (decision 068): a scroll step mounts rows.
 */
export const PasswordRow = memo(function PasswordRow({
  password: p,
  fields: content,
  isDecrypting,
  marker,
  onDelete,
  onUsed,
  className,
  ...li
}: Props) {
  const host = content?.website ? websiteHost(content.website) : "";
  const deleteLabel = `Delete ${p.title}`;
  return (
    // contain: each row is laid out and painted apart (scripts/bench/vault-list.ts).
    <li
      {...li}
      className={cn(
        "flex flex-wrap items-center gap-x-3 gap-y-1 px-2 py-3 [contain:content] sm:px-4",
        className,
      )}
    >
      <LetterAvatar title={p.title} />
      <div className="grid min-w-0 flex-1 basis-40 gap-0.5">
        <Link
          to={`/vault/${p.id}`}
          className={cn(
            "w-fit font-medium text-link underline-offset-4 wrap-anywhere hover:underline",
            !p.isTitleOpen && "italic",
          )}
        >
          {p.title}
        </Link>
        {marker && (
          <Badge className="w-fit border-warning-border bg-warning-surface text-warning-text">
            <MaskIcon icon={warningIcon} className="size-3" />
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
          title={deleteLabel}
          aria-label={deleteLabel}
          onClick={() => onDelete(p)}
          className="shrink-0 text-destructive"
        >
          <MaskIcon icon={trashIcon} />
        </Button>
      </div>
    </li>
  );
});
