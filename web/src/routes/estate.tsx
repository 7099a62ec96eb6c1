import { ESTATE_MSG } from "@common/assets/estate";
import { ClipboardList, Printer, Upload } from "lucide-react";
import { useDeferredValue, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { useAssetContents } from "@/features/assets/api/list-asset-contents";
import { AssetListScreen } from "@/features/assets/components/asset-list-screen";
import { EstateFilters } from "@/features/assets/estate/components/estate-filters";
import { EstateList } from "@/features/assets/estate/components/estate-list";
import {
  filterEstate,
  groupEstate,
  isEstateActionFilter,
  isEstateCategory,
  type EstateFilter,
} from "@/features/assets/estate/filter-estate";
import { useEstateRows } from "@/features/assets/estate/use-estate-rows";
import type { OpenedAssetView } from "@/features/assets/titles/open-titles";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";

/** The kind and action filters from the address (?kind=&action=), so that Print and the back button keep them. */
function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const kind = params.get("kind") ?? "";
  const action = params.get("action") ?? "";
  const filter = {
    category: isEstateCategory(kind) ? kind : "",
    action: isEstateActionFilter(action) ? action : "",
  } as const;
  const set = (next: Partial<Omit<EstateFilter, "search">>) =>
    setParams(
      (p) => {
        for (const [name, value] of [
          ["kind", next.category],
          ["action", next.action],
        ] as const) {
          if (value === undefined) continue;
          if (value) p.set(name, value);
          else p.delete(name);
        }
        return p;
      },
      { replace: true },
    );
  return { filter, set, query: params.toString() };
}

/**
 * /estate: the estate inventory: what the owner has, owes and pays for, by kind, with what should
 * happen to each. Names, organisations and references are opened here, in the browser (decision
 * 086); searching and filtering are done here too, and kept in the address for Print.
 */
export default function EstateScreen() {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [isTitlesOpen, setTitlesOpen] = useState(false);
  const contents = useAssetContents("estate", { isWanted: isTitlesOpen });
  const params = useFilterParams();
  return (
    <AssetListScreen
      type="estate"
      title="Estate inventory"
      description="Accounts, policies, property, subscriptions and debts, and what should happen to each. Encrypted in your browser."
      action={{ to: "/estate/new", label: "Add entry", Icon: ClipboardList }}
      moreActions={
        <>
          <Button asChild variant="outline">
            <Link to="/estate/import">
              <Upload aria-hidden="true" /> Import
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={`/estate/print${params.query ? `?${params.query}` : ""}`}>
              <Printer aria-hidden="true" /> Print
            </Link>
          </Button>
        </>
      }
      titleRef={titleRef}
      loadFailed={(error) => errorMessage(error, ESTATE_MSG.loadFailed)}
      cardClassName="grid gap-4 p-4"
      empty={{
        title: "Your inventory is empty",
        text: "List your bank accounts, pensions, insurance, property and subscriptions, so that the people you trust know what there is and what to do.",
      }}
      onTitlesOpen={() => setTitlesOpen(true)}
    >
      {({ assets, search, setSearch }) => (
        <EstateBody
          assets={assets}
          contents={contents}
          filter={{ ...params.filter, search }}
          onFilter={({ search: nextSearch, ...rest }) => {
            if (nextSearch !== undefined) setSearch(nextSearch);
            if (Object.keys(rest).length) params.set(rest);
          }}
        />
      )}
    </AssetListScreen>
  );
}

function EstateBody({
  assets,
  contents,
  filter,
  onFilter,
}: {
  assets: OpenedAssetView[];
  contents: ReturnType<typeof useAssetContents<"estate">>;
  filter: EstateFilter;
  onFilter: (next: Partial<EstateFilter>) => void;
}) {
  const rows = useEstateRows(assets, contents.data);
  const { category, action } = filter;
  // Typing stays quick with 2,000 entries: the list follows the search box a moment later.
  const search = useDeferredValue(filter.search);
  const shown = useMemo(
    () => filterEstate(rows ?? [], { search, category, action }),
    [rows, search, category, action],
  );
  const sections = useMemo(() => groupEstate(shown), [shown]);
  const isFiltered = !!(search.trim() || category || action);
  return (
    <>
      <EstateFilters filter={filter} onChange={onFilter} />
      {contents.isPending && (
        <p className="text-sm text-muted-foreground">Opening your entries...</p>
      )}
      {contents.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(contents.error, ESTATE_MSG.loadFailed)}
        </p>
      )}
      <p role="status" className={isFiltered ? "text-sm text-muted-foreground" : "sr-only"}>
        {isFiltered
          ? `${formatCount(shown.length)} of ${formatCount(rows?.length ?? 0)} entries`
          : ""}
      </p>
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {isFiltered ? "No entries match." : "No entries yet."}
        </p>
      ) : (
        <EstateList sections={sections} />
      )}
    </>
  );
}
