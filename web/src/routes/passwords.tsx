import type { OpenedAssetView } from "@/features/assets/titles/open-titles";
import { PASSWORD_MSG } from "@common/assets/passwords";
import { Plus, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { useAssetContents } from "@/features/assets/api/list-asset-contents";
import { useMarkAssetUsed } from "@/features/assets/api/mark-asset-used";
import { AssetListScreen } from "@/features/assets/components/asset-list-screen";
import { SortSelect } from "@/features/assets/components/sort-select";
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
export default function PasswordsScreen() {
  const [toDelete, setToDelete] = useState<OpenedAssetView | null>(null);
  const wasDeleted = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const contents = useAssetContents("password");
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
      >
        {({ assets, search, setSearch }) => {
          const q = fold(search.trim());
          const matches = (p: OpenedAssetView) => {
            const c = contents.data?.get(p.id);
            return [p.title, c?.username ?? "", c?.website ?? ""].some((t) => fold(t).includes(q));
          };
          const shown = sortAssets(q ? assets.filter(matches) : assets, sort);
          return (
            <div className="grid gap-3">
              <PasswordsHealthSummary health={health.data} />
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
                  onDelete={setToDelete}
                  onUsed={markUsed}
                  health={health.data}
                />
              ) : (
                <PasswordsEmpty
                  search={assets.length > 0 ? search.trim() : ""}
                  onClear={() => setSearch("")}
                />
              )}
            </div>
          );
        }}
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
