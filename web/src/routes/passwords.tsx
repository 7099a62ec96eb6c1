import type { OpenedAssetView } from "@/features/assets/titles/open-titles";
import { PASSWORD_MSG } from "@common/assets/passwords";
import type { QueryClient } from "@tanstack/react-query";
import { Plus, Upload } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { useAssetContents } from "@/features/assets/api/list-asset-contents";
import { useMarkAssetUsed } from "@/features/assets/api/mark-asset-used";
import { AssetListScreen } from "@/features/assets/components/asset-list-screen";
import { SortSelect } from "@/features/assets/components/sort-select";
import { prefetchOwnedList } from "@/features/assets/titles/prefetch-owned-list";
import { DeletePasswordDialog } from "@/features/assets/passwords/components/delete-password-dialog";
import { PasswordList } from "@/features/assets/passwords/components/password-list";
import { PasswordSearch } from "@/features/assets/passwords/components/password-search";
import { PasswordsHealthSummary } from "@/features/assets/passwords/components/passwords-health-summary";
import { PasswordsEmpty } from "@/features/assets/passwords/components/passwords-empty";
import { isAssetSort, sortAssets, type AssetSort } from "@/features/assets/sort-assets";
import { fold } from "@/features/assets/vault-search/match-vault";
import { usePasswordHealth } from "@/features/assets/passwords/use-password-health";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";

/**
 * /vault: the user's passwords as a password manager lists them: title, username and site
 * (decrypted in the browser), favourites first, sorted by name, use or change (?sort=), searchable
 * by title, username and site, with one-click copies; each deletable after a confirmation. A tab
 * without the vault key asks for the password in place of the list (decision 075).
 */
/** Before the first render of a first visit (app/screen.tsx): the list and its titles, beside the chunks. */
export const prefetch = (queryClient: QueryClient) =>
  void prefetchOwnedList(queryClient, "password");

export default function PasswordsScreen() {
  const [toDelete, setToDelete] = useState<OpenedAssetView | null>(null);
  const wasDeleted = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The usernames and sites are decrypted once the titles have opened: the rows wait for those.
  const [isTitlesOpen, setTitlesOpen] = useState(false);
  const contents = useAssetContents("password", { isWanted: isTitlesOpen });
  const health = usePasswordHealth(contents.data);
  const markUsed = useMarkAssetUsed();
  const [params, setParams] = useSearchParams();
  const sortParam = params.get("sort") ?? "";
  const sort: AssetSort = isAssetSort(sortParam) ? sortParam : "name";
  const setSort = (next: AssetSort) =>
    setParams(
      (p) => {
        p.set("sort", next);
        return p;
      },
      { replace: true },
    );
  return (
    <>
      <AssetListScreen
        type="password"
        title="Password Vault"
        description="Logins and passwords, encrypted in your browser."
        action={{ to: "/vault/new", label: "Add Password", Icon: Plus }}
        moreActions={
          <Button asChild variant="outline">
            <Link to="/vault/import">
              <Upload aria-hidden="true" /> Import
            </Link>
          </Button>
        }
        titleRef={titleRef}
        loadFailed={(error) => errorMessage(error, PASSWORD_MSG.loadFailed)}
        cardClassName="p-2 sm:p-4"
        onTitlesOpen={() => setTitlesOpen(true)}
      >
        {({ assets, search, setSearch }) => (
          <PasswordsBody
            assets={assets}
            search={search}
            setSearch={setSearch}
            sort={sort}
            setSort={setSort}
            contents={contents}
            health={health.data}
            onDelete={setToDelete}
            onUsed={markUsed}
          />
        )}
      </AssetListScreen>
      <DeletePasswordDialog
        password={toDelete}
        onClose={(isDeleted) => {
          wasDeleted.current = isDeleted;
          setToDelete(null);
        }}
        onCloseAutoFocus={(event) => {
          // The deleted row's button is gone: focus goes to the page title instead.
          if (!wasDeleted.current) return;
          event.preventDefault();
          titleRef.current?.focus();
        }}
      />
    </>
  );
}

type BodyProps = {
  assets: OpenedAssetView[];
  search: string;
  setSearch: (search: string) => void;
  sort: AssetSort;
  setSort: (sort: AssetSort) => void;
  contents: ReturnType<typeof useAssetContents<"password">>;
  health: ReturnType<typeof usePasswordHealth>["data"];
  onDelete: (password: OpenedAssetView) => void;
  onUsed: (id: string) => void;
};

/**
 * The loaded list: search, sort, counts and rows. The list is sorted once per list and order, and
 * each item's searchable text (title, username, site) folded once per list and contents, so that
 * a key typed into the search only filters (1,000 passwords: issue 39).
 */
function PasswordsBody({
  assets,
  search,
  setSearch,
  sort,
  setSort,
  contents,
  health,
  onDelete,
  onUsed,
}: BodyProps) {
  const sorted = useMemo(() => sortAssets(assets, sort), [assets, sort]);
  const searchText = useMemo(
    () =>
      new Map(
        assets.map((p) => {
          const c = contents.data?.get(p.id);
          return [p.id, fold([p.title, c?.username ?? "", c?.website ?? ""].join("\n"))];
        }),
      ),
    [assets, contents.data],
  );
  const q = fold(search.trim());
  const shown = q ? sorted.filter((p) => searchText.get(p.id)?.includes(q)) : sorted;
  return (
    <div className="grid gap-3">
      <PasswordsHealthSummary health={health} />
      {assets.length > 0 && (
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2 px-2 pt-2 sm:px-0 sm:pt-0">
          <div className="flex w-full flex-wrap items-end gap-x-4 gap-y-2 sm:w-auto sm:flex-1">
            <PasswordSearch value={search} onChange={setSearch} />
            <SortSelect value={sort} onChange={setSort} />
          </div>
          <p role="status" className="text-sm text-muted-foreground">
            {q
              ? `${formatCount(shown.length)} of ${formatCount(assets.length)} passwords`
              : formatCount(assets.length, "password")}
          </p>
        </div>
      )}
      {contents.error && (
        <p role="alert" className="px-2 text-sm text-destructive sm:px-0">
          {errorMessage(contents.error, "Usernames and sites could not be decrypted.")}
        </p>
      )}
      {shown.length > 0 ? (
        <PasswordList
          passwords={shown}
          contents={contents.data}
          isDecrypting={contents.isPending && !contents.error}
          onDelete={onDelete}
          onUsed={onUsed}
          health={health}
        />
      ) : (
        <PasswordsEmpty
          search={assets.length > 0 ? search.trim() : ""}
          onClear={() => setSearch("")}
        />
      )}
    </div>
  );
}
