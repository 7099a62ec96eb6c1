import { ASSET_MSG, type AssetView } from "@common/assets";
import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DeletePasswordDialog } from "@/features/assets/passwords/components/delete-password-dialog";
import { PasswordList } from "@/features/assets/passwords/components/password-list";
import { PasswordSearch } from "@/features/assets/passwords/components/password-search";
import { PasswordsEmpty } from "@/features/assets/passwords/components/passwords-empty";
import { useAssets } from "@/features/assets/api/list-assets";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/** /vault: the user's passwords (metadata only), searchable by title, each deletable after a confirmation. */
export default function VaultScreen() {
  const passwords = useAssets("password");
  const [search, setSearch] = useState("");
  const [toDelete, setToDelete] = useState<AssetView | null>(null);
  const wasDeleted = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const loadError = passwords.isError ? errorMessage(passwords.error, ASSET_MSG.loadPasswordsFailed) : undefined;

  useEffect(() => {
    if (loadError) toast.error(loadError, { id: "passwords-load" });
  }, [loadError]);

  const all = passwords.data ?? [];
  const q = search.trim().toLowerCase();
  const shown = q ? all.filter((p) => p.title.toLowerCase().includes(q)) : all;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Password Vault"
        description="Logins and passwords, encrypted in your browser."
        titleRef={titleRef}
        actions={
          <Button asChild>
            <Link to="/vault/new">
              <Plus aria-hidden="true" /> Add Password
            </Link>
          </Button>
        }
      />
      <Card className="min-w-0 p-2 sm:p-4">
        {passwords.isPending && !loadError ? (
          <Loading />
        ) : loadError ? (
          <Alert variant="destructive">
            <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
              {loadError}
              <Button variant="outline" size="sm" onClick={() => void passwords.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : (
          <div className="grid gap-3">
            {all.length > 0 && (
              <div className="flex flex-wrap items-end justify-between gap-2 px-2 pt-2 sm:px-0 sm:pt-0">
                <PasswordSearch value={search} onChange={setSearch} />
                <p role="status" className="text-sm text-muted-foreground">
                  {q ? `${shown.length} of ${all.length} passwords` : `${all.length} ${all.length === 1 ? "password" : "passwords"}`}
                </p>
              </div>
            )}
            {shown.length > 0 ? (
              <PasswordList passwords={shown} onDelete={setToDelete} />
            ) : (
              <PasswordsEmpty search={all.length > 0 ? search.trim() : ""} onClear={() => setSearch("")} />
            )}
          </div>
        )}
      </Card>
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
    </div>
  );
}
