import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { RequireVaultKey } from "@/components/keys/require-vault-key";
import { NewItemAccessProvider } from "./item-access";

/**
 * The one "new asset" screen of the asset types: the header with its back link, and the type's
 * form in a card, or "Unlock your vault" in its place while the tab has no key (decision 075). The
 * form's people may each be told only that the item exists (decision 098), sent with the item.
 */
export function AssetNewScreen({
  title,
  description,
  back,
  children,
}: {
  title: string;
  description: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader title={title} description={description} back={back} />
      <RequireVaultKey>
        <Card>
          <CardContent className="pt-6">
            <NewItemAccessProvider>{children}</NewItemAccessProvider>
          </CardContent>
        </Card>
      </RequireVaultKey>
    </div>
  );
}
