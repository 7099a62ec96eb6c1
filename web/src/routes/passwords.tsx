import { ASSET_MSG, type AssetView } from "@common/assets";
import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { AssetListScreen } from "@/features/assets/components/asset-list-screen";
import { DeletePasswordDialog } from "@/features/assets/passwords/components/delete-password-dialog";
import { PasswordList } from "@/features/assets/passwords/components/password-list";
import { PasswordSearch } from "@/features/assets/passwords/components/password-search";
import { PasswordsEmpty } from "@/features/assets/passwords/components/passwords-empty";
import { errorMessage } from "@/lib/api-client";

/** /vault: the user's passwords (metadata only), searchable by title, each deletable after a confirmation. */
export default function PasswordsScreen() {
  const [toDelete, setToDelete] = useState<AssetView | null>(null);
  const wasDeleted = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <AssetListScreen
        type="password"
        title="Password Vault"
        description="Logins and passwords, encrypted in your browser."
        action={{ to: "/vault/new", label: "Add Password", Icon: Plus }}
        titleRef={titleRef}
        loadFailed={(error) => errorMessage(error, ASSET_MSG.loadPasswordsFailed)}
        cardClassName="p-2 sm:p-4"
      >
        {({ assets, search, setSearch }) => {
          const q = search.trim().toLowerCase();
          const shown = q ? assets.filter((p) => p.title.toLowerCase().includes(q)) : assets;
          return (
            <div className="grid gap-3">
              {assets.length > 0 && (
                <div className="flex flex-wrap items-end justify-between gap-2 px-2 pt-2 sm:px-0 sm:pt-0">
                  <PasswordSearch value={search} onChange={setSearch} />
                  <p role="status" className="text-sm text-muted-foreground">
                    {q
                      ? `${shown.length} of ${assets.length} passwords`
                      : `${assets.length} ${assets.length === 1 ? "password" : "passwords"}`}
                  </p>
                </div>
              )}
              {shown.length > 0 ? (
                <PasswordList passwords={shown} onDelete={setToDelete} />
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
