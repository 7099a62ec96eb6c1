import type { AssetType } from "@common/assets";
import {
  ClipboardList,
  FileText,
  Flower2,
  KeyRound,
  Mail,
  Search,
  StickyNote,
  type LucideIcon,
} from "lucide-react";
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";
import { assetPath, searchVault, snippet, type SearchResult } from "./match-vault";
import { useOpenedVault } from "./use-opened-vault";

const ICONS: Record<AssetType, LucideIcon> = {
  password: KeyRound,
  document: FileText,
  note: StickyNote,
  estate: ClipboardList,
  message: Mail,
  wishes: Flower2,
};

/**
 * The vault search: a combobox (the input) that owns a listbox of results grouped by type. Arrow
 * keys move through the results (focus stays in the input, aria-activedescendant names the
 * active one), Enter opens it, Escape closes. Everything is searched here, in the browser.
 */
export default function VaultSearchDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const listId = `${id}-results`;
  const navigate = useNavigate();
  const vault = useOpenedVault();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const isNavigating = useRef(false);
  const listRef = useRef<HTMLDivElement>(null);

  const groups = useMemo(() => searchVault(vault.entries, query), [vault.entries, query]);
  const flat = useMemo(() => groups.flatMap((g) => g.results), [groups]);
  const current = flat.length ? Math.min(active, flat.length - 1) : -1;
  const optionId = (i: number) => `${id}-option-${i}`;

  const open = (result: SearchResult) => {
    isNavigating.current = true;
    onClose();
    void navigate(assetPath(result.asset));
  };

  const move = (to: number) => {
    if (!flat.length) return;
    const next = (to + flat.length) % flat.length;
    setActive(next);
    listRef.current
      ?.querySelector(`#${CSS.escape(optionId(next))}`)
      ?.scrollIntoView({ block: "nearest" });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(current + 1),
      ArrowUp: () => move(current - 1),
      Home: () => move(0),
      End: () => move(flat.length - 1),
      Enter: () => {
        const result = flat[current];
        if (result) open(result);
      },
    };
    const action = keys[e.key];
    if (!action || (!flat.length && e.key !== "Enter")) return;
    if ((e.key === "Home" || e.key === "End") && !e.ctrlKey) return; // the input's own caret keys
    e.preventDefault();
    action();
  };

  const percent = vault.total ? Math.round((vault.opened / vault.total) * 100) : 0;
  const count = flat.length;
  const firstIndex = groups.map((_, gi) =>
    groups.slice(0, gi).reduce((n, g) => n + g.results.length, 0),
  );
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        className="top-4 max-w-xl translate-y-0 sm:top-[10vh]"
        onCloseAutoFocus={(e) => {
          if (isNavigating.current) e.preventDefault(); // the opened item's screen takes focus
        }}
      >
        <div className="grid gap-1">
          <DialogTitle className="pr-6">Search your vault</DialogTitle>
          <DialogDescription className="pr-6">
            Titles, usernames, sites, notes and file names, searched in this browser.
          </DialogDescription>
          <div className="relative mt-2">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-3 left-3 size-4 text-muted-foreground"
            />
            <input
              role="combobox"
              aria-label="Search your vault"
              aria-expanded={count > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={current >= 0 ? optionId(current) : undefined}
              autoComplete="off"
              spellCheck={false}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              placeholder="Search"
              className="flex h-10 w-full rounded-md border border-border bg-card py-2 pr-3 pl-9 text-base placeholder:text-placeholder"
            />
          </div>
        </div>
        {(!vault.isDone && vault.total > 0) || vault.error ? (
          <div className="grid gap-1.5 text-sm text-muted-foreground">
            {!vault.isDone && (
              <>
                <Progress value={percent} aria-label="Decrypting your vault" />
                <p>
                  Decrypting {vault.opened.toLocaleString()} of {vault.total.toLocaleString()}{" "}
                  items… titles can be searched already.
                </p>
              </>
            )}
            {vault.error && <p className="text-destructive">{vault.error}</p>}
          </div>
        ) : null}
        <div
          ref={listRef}
          className="-mx-2 max-h-[min(26rem,calc(100dvh-16rem))] overflow-y-auto border-t border-border px-2 pt-2"
        >
          {!query.trim() ? (
            <p className="px-2 py-6 text-center text-sm text-muted-foreground">
              Type to search. Use the arrow keys to move, Enter to open, Escape to close.
            </p>
          ) : count === 0 ? (
            <p className="px-2 py-6 text-center text-sm wrap-anywhere text-muted-foreground">
              Nothing in your vault matches “{query.trim()}”.
            </p>
          ) : null}
          <div id={listId} role="listbox" aria-label="Results" className={cn(!count && "hidden")}>
            {groups.map((g, gi) => (
              <div key={g.type} role="group" aria-labelledby={`${id}-${g.type}`} className="py-1">
                <div
                  id={`${id}-${g.type}`}
                  role="presentation"
                  className="px-2 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                >
                  {g.label}
                </div>
                {g.results.map((r, ri) => {
                  const i = (firstIndex[gi] ?? 0) + ri;
                  const Icon = ICONS[r.asset.type];
                  return (
                    <div
                      key={r.asset.id}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === current}
                      onMouseDown={(e) => e.preventDefault()} // focus stays in the input
                      onMouseMove={() => i !== current && setActive(i)}
                      onClick={() => open(r)}
                      className={cn(
                        "flex cursor-pointer items-start gap-3 rounded-md px-2 py-2",
                        i === current && "bg-muted-strong",
                      )}
                    >
                      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
                      <span className="grid min-w-0">
                        <span className="font-medium wrap-anywhere">{r.asset.title}</span>
                        {r.match && (
                          <span className="text-sm wrap-anywhere text-muted-foreground">
                            {r.match.label}: {snippet(r.match.text, query)}
                          </span>
                        )}
                      </span>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          <p role="status" className="sr-only">
            {query.trim()
              ? `${count} ${count === 1 ? "result" : "results"}${vault.isDone ? "" : " so far"}`
              : ""}
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
