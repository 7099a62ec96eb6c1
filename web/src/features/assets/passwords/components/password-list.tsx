import type { OpenedAssetView } from "../../titles/open-titles";
import type { PasswordContent } from "@common/assets/passwords";
import { useCallback } from "react";
import { useWindowList, WINDOW_FROM } from "@/lib/use-window-list";
import { cn } from "@/lib/utils";
import type { PasswordHealth } from "../password-health";
import { PasswordRow } from "./password-row";

type Props = {
  passwords: OpenedAssetView[];
  /** The decrypted fields by id; undefined while the vault is being opened or when it failed. */
  contents: Map<string, PasswordContent> | undefined;
  isDecrypting: boolean;
  onDelete: (password: OpenedAssetView) => void;
  /** The owner copied from a row: "recently used". */
  onUsed: (id: string) => void;
  /** The "weak or reused" markers, rated in the browser after decryption (usePasswordHealth). */
  health?: Map<string, PasswordHealth>;
};

/** The passwords, one row each (PasswordRow), in the order given. */
export function PasswordList(props: Props) {
  return props.passwords.length > WINDOW_FROM ? (
    <WindowedList {...props} />
  ) : (
    <WholeList {...props} />
  );
}

/** What a row shows of `password`, the same in both lists. */
const rowOf = (props: Props, password: OpenedAssetView) => ({
  password,
  fields: props.contents?.get(password.id),
  isDecrypting: props.isDecrypting,
  marker: props.health?.get(password.id),
  onDelete: props.onDelete,
  onUsed: props.onUsed,
});

function WholeList(props: Props) {
  return (
    <ul aria-label="Passwords" className="divide-y divide-border">
      {props.passwords.map((p) => (
        <PasswordRow key={p.id} {...rowOf(props, p)} />
      ))}
    </ul>
  );
}

const NARROW_LIST_PX = 420;
/**
 * A row's height before it is measured: its buttons beside the title where the list is wide
 * enough, below it on a phone (measured at 1280 and 375 px, with its 1 px border). Exact for a row
 * without a marker: a row that measures otherwise moves every row after it in the page, which the
 * browser then lays out and paints again (e2e/vault-long-list.e2e.ts checks it).
 */
const rowEstimate = (_index: number, isNarrow: boolean) => (isNarrow ? 135 : 71);

/**
 * A long list (1,000 passwords) as a window (useWindowList): the rows on screen and about ten
 * either side are in the page, each placed where the whole list would have it. Each row says where
 * it stands ("5 of 1,000": aria-posinset and aria-setsize), and the row holding the focus stays in
 * the page while scrolled away, so focus is never lost.
 */
function WindowedList(props: Props) {
  const { passwords } = props;
  const rowKey = useCallback((index: number) => passwords[index]?.id ?? String(index), [passwords]);
  const { rows, listProps, measureRow } = useWindowList<HTMLUListElement>({
    count: passwords.length,
    rowKey,
    estimate: rowEstimate,
    narrowBelow: NARROW_LIST_PX,
  });
  return (
    <ul aria-label="Passwords" {...listProps}>
      {rows.map((item) => {
        const p = passwords[item.index];
        if (!p) return null;
        return (
          <PasswordRow
            key={item.key}
            ref={measureRow}
            data-index={item.index}
            data-key={item.key}
            aria-setsize={passwords.length}
            aria-posinset={item.index + 1}
            className={cn(
              "absolute inset-x-0 top-0",
              item.index < passwords.length - 1 && "border-b border-border",
            )}
            {...rowOf(props, p)}
          />
        );
      })}
    </ul>
  );
}
