import { ESTATE_MSG } from "@common/assets/estate";
import { Printer } from "lucide-react";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { RequireVaultKey } from "@/components/keys/require-vault-key";
import { useAssetContents } from "@/features/assets/api/list-asset-contents";
import { useAssets } from "@/features/assets/api/list-assets";
import { EstatePrintSection } from "@/features/assets/estate/components/estate-print-section";
import {
  filterEstate,
  groupEstate,
  isEstateActionFilter,
  isEstateCategory,
} from "@/features/assets/estate/filter-estate";
import { useEstateRows } from "@/features/assets/estate/use-estate-rows";
import { useOwnedTitles } from "@/features/assets/titles/use-opened-titles";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";

/**
 * /estate/print: the estate inventory as paper, one page per kind of entry (the list's ?kind= and
 * ?action= filters kept). Opened in the browser like the list; printed, the page stands alone
 * (main-layout.tsx hides the sidebar; the header's controls are not printed).
 */
export default function EstatePrintScreen() {
  const [params] = useSearchParams();
  const kind = params.get("kind") ?? "";
  const action = params.get("action") ?? "";
  const assets = useAssets("estate");
  const titled = useOwnedTitles(assets.data);
  const contents = useAssetContents("estate", { isWanted: !!titled.rows });
  const rows = useEstateRows(titled.rows, contents.data);
  const sections = useMemo(
    () =>
      rows &&
      groupEstate(
        filterEstate(rows, {
          search: "",
          category: isEstateCategory(kind) ? kind : "",
          action: isEstateActionFilter(action) ? action : "",
        }),
      ),
    [rows, kind, action],
  );
  const [asOf] = useState(() => new Date());
  const error = assets.error ?? contents.error;
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6 print:max-w-none print:text-black">
      <PageHeader
        title="Estate inventory"
        back={{
          to: `/estate${params.size ? `?${params.toString()}` : ""}`,
          label: "Back to the inventory",
        }}
        description={`As of ${formatDateTime(asOf)}. Each kind of entry prints on its own page.`}
        actions={
          <Button
            type="button"
            variant="outline"
            onClick={() => window.print()}
            disabled={!sections || !contents.data}
          >
            <Printer aria-hidden="true" /> Print
          </Button>
        }
      />
      <p className="text-sm text-muted-foreground print:hidden">
        The printout holds everything written in these entries. Keep the paper as safe as the vault
        itself.
      </p>
      <RequireVaultKey loading="list">
        {error ? (
          <LoadError>{errorMessage(error, ESTATE_MSG.loadFailed)}</LoadError>
        ) : !sections || !contents.data ? (
          <Loading variant="list" />
        ) : sections.length === 0 ? (
          <p className="text-sm text-muted-foreground">No entries to print.</p>
        ) : (
          sections.map((section) => <EstatePrintSection key={section.key} section={section} />)
        )}
      </RequireVaultKey>
    </div>
  );
}
