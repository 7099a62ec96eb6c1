import * as chevronIcon from "lucide-react/icons/chevron-right";
import { memo, type ComponentPropsWithRef } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { MaskIcon } from "@/components/ui/mask-icon";
import { cn } from "@/lib/utils";
import type { EstateRow } from "../filter-estate";
import { actionWords } from "../opened-estate";

type Props = Omit<ComponentPropsWithRef<"li">, "children"> & { row: EstateRow };

/**
 * One entry of the inventory: a link to it with its name, organisation and reference, and what
 * should happen. Memoised: a windowed list renders again on every scroll step, its rows only when
 * they change. Its chevron is a MaskIcon, one element (decision 067): a scroll step mounts rows.
 */
export const EstateEntry = memo(function EstateEntry({
  row: { asset, content },
  className,
  ...li
}: Props) {
  const detail = [content?.institution, content?.reference].filter(Boolean).join(" · ");
  return (
    // contain: each entry is laid out and painted apart (scripts/bench/estate-list.ts), so the
    // focus ring is drawn inside it.
    <li {...li} className={cn("[contain:content]", className)}>
      <Link
        to={`/estate/${asset.id}`}
        className="flex items-center gap-3 px-3 py-3 hover:bg-muted/40 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring"
      >
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="font-medium wrap-anywhere">{asset.title}</span>
          {detail && <span className="text-sm text-muted-foreground wrap-anywhere">{detail}</span>}
        </span>
        {content && <Badge className="shrink-0">{actionWords(content)}</Badge>}
        <MaskIcon icon={chevronIcon} className="size-4 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  );
});

/** Whether an entry shows a second line (its organisation or reference): a taller row. */
export const hasDetail = ({ content }: EstateRow) => !!(content?.institution || content?.reference);
